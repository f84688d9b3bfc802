/** Plain-text tables for the figures the suite prints (`npm run test:reliability` shows them). */
export function formatTable(title: string, headers: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const cells = rows.map((row) => row.map((cell) => String(cell)));
  const widths = headers.map((header, column) => Math.max(header.length, ...cells.map((row) => (row[column] ?? "").length)));
  const line = (values: readonly string[]): string =>
    values.map((value, column) => value.padEnd(widths[column])).join(" | ").trimEnd();
  const rule = widths.map((width) => "-".repeat(width)).join("-+-");
  return [`\n${title}`, line(headers), rule, ...cells.map(line)].join("\n");
}

export function printTable(title: string, headers: readonly string[], rows: readonly (readonly (string | number)[])[]): void {
  console.log(formatTable(title, headers, rows));
}
