import { randomInt } from 'node:crypto';

export const SLIDER = { width: 300, height: 150, piece: 44 } as const;

const toDataUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

/**
 * Draws a random scene, once with a darkened gap at (x, y) and once cropped to that square as
 * the piece (the same drawing seen through a viewBox), so the piece matches the gap exactly.
 */
export function drawSlider(x: number, y: number): { background: string; piece: string } {
  const { width, height, piece } = SLIDER;
  const hue = randomInt(0, 360);
  let shapes = '';
  for (let i = 0; i < 14; i++) {
    const h = (hue + randomInt(0, 120)) % 360;
    shapes += `<circle cx="${randomInt(0, width)}" cy="${randomInt(0, height)}" r="${randomInt(12, 46)}" fill="hsl(${h},65%,${randomInt(45, 70)}%)" fill-opacity="0.75"/>`;
  }
  const scene = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},60%,80%)"/><stop offset="1" stop-color="hsl(${(hue + 90) % 360},60%,55%)"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#g)"/>${shapes}`;
  const background = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${scene}<rect x="${x}" y="${y}" width="${piece}" height="${piece}" rx="6" fill="#000" fill-opacity="0.45" stroke="#fff" stroke-width="2"/></svg>`;
  const pieceSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="${piece}" height="${piece}" viewBox="${x} ${y} ${piece} ${piece}">${scene}<rect x="${x}" y="${y}" width="${piece}" height="${piece}" rx="6" fill="none" stroke="#fff" stroke-width="3"/></svg>`;
  return { background: toDataUrl(background), piece: toDataUrl(pieceSvg) };
}
