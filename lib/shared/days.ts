/** The calendar day of an instant in the running process's time zone (`yyyy-MM-dd`), as formatDateTime writes it. */
export function localDay(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
