import dayjs from 'dayjs';

type Time = string | number | null | undefined;

/** A time from the API (ISO string or epoch ms) in the reader's local time, or `empty` when absent or unreadable. */
function formatAs(value: Time, pattern: string, empty: string): string {
  if (value === null || value === undefined || value === '') return empty;
  const time = dayjs(value);
  return time.isValid() ? time.format(pattern) : empty;
}

/** The portal's lists show a dash for a missing time. */
export const formatTime = (value: Time): string => formatAs(value, 'YYYY-MM-DD HH:mm:ss', '-');
export const formatDate = (value: Time): string => formatAs(value, 'YYYY-MM-DD', '-');

/** The workbench's tables leave a missing time blank. */
export const formatTimeOrBlank = (value: Time): string => formatAs(value, 'YYYY-MM-DD HH:mm:ss', '');

/** A day of a chart's axis (MM-DD); what is not a time is shown as it came. */
export function formatDay(value: Time): string {
  if (value === null || value === undefined || value === '') return '';
  const time = dayjs(value);
  return time.isValid() ? time.format('MM-DD') : String(value);
}

/** Blank cells read as a dash. */
export const orDash = (value: string | null | undefined): string => (value ? value : '-');
