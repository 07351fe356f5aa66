/**
 * The name of an icon button that shows a count badge: the badge's text is visible text of the button, so its name
 * carries it too (WCAG 2.5.3 label in name: "通知 3", "错误日志 99+"); with nothing to count, the name alone.
 */
export function withCount(label: string, count: number, max: number): string {
  if (!count) return label;
  return `${label} ${count > max ? `${max}+` : count}`;
}
