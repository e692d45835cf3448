import dayjs from 'dayjs';

/** Server times are ISO strings; lists show them in local time, or a dash when absent. */
export function formatTime(value: string | null | undefined): string {
  if (!value) return '-';
  const time = dayjs(value);
  return time.isValid() ? time.format('YYYY-MM-DD HH:mm:ss') : '-';
}

export function formatDate(value: string | null | undefined): string {
  if (!value) return '-';
  const time = dayjs(value);
  return time.isValid() ? time.format('YYYY-MM-DD') : '-';
}

/** Blank cells read as a dash. */
export const orDash = (value: string | null | undefined): string => (value ? value : '-');
