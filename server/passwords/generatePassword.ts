import { randomInt } from 'node:crypto';

// A module of its own so that the password policy, which picks the length, needs nothing of the
// services that hand generated passwords out (groups, the workbench).
const ALPHABETS = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789', '!@#$%^&*-_+='];

/** Characters from the CSPRNG with every kind present; policy.generate() picks a length the live policy accepts. */
export function generatePassword(length = 16): string {
  const chars = ALPHABETS.map((a) => a[randomInt(a.length)]);
  const all = ALPHABETS.join('');
  while (chars.length < length) chars.push(all[randomInt(all.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
