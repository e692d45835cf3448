import dayjs from 'dayjs';

/** A time from the API (ISO string or epoch ms) as the reader's local date and time. */
export function formatTime(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const time = dayjs(value);
  return time.isValid() ? time.format('YYYY-MM-DD HH:mm:ss') : '';
}

export function formatDay(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const time = dayjs(value);
  return time.isValid() ? time.format('MM-DD') : String(value);
}
