const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** `2026-03-05 14:07` in local time. */
export function formatDateTime(time: Date | string | number): string {
  const date = new Date(time);
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * Relative time as the spec counts it: under 30 s 刚刚, under 1 h minutes, under 1 day hours,
 * under 2 days 1天前, older the full date and time. Minutes and hours round up.
 */
export function formatRelativeTime(time: Date | string | number, now: number = Date.now()): string {
  const date = new Date(time);
  const diff = now - date.getTime();
  if (diff < 30 * SECOND) return '刚刚';
  if (diff < HOUR) return `${Math.ceil(diff / MINUTE)}分钟前`;
  if (diff < DAY) return `${Math.ceil(diff / HOUR)}小时前`;
  if (diff < 2 * DAY) return '1天前';
  return formatDateTime(date);
}
