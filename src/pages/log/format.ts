import dayjs from 'dayjs';

/** Server times are ISO strings; lists show them to the second in local time. */
export function formatTime(value: string | null | undefined): string {
  if (!value) return '-';
  const time = dayjs(value);
  return time.isValid() ? time.format('YYYY-MM-DD HH:mm:ss') : '-';
}
