/**
 * Splits a chart label into lines of at most `width` characters, breaking at spaces, so a long reason
 * (a DQ reason, issue 29) is shown whole instead of cut at the axis. A word longer than a line is split.
 */
export function wrapLabel(text: string, width: number): string[] {
  const max = Math.max(1, Math.floor(width));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    let rest = word;
    while (rest.length > max) {
      if (line !== '') lines.push(line);
      line = '';
      lines.push(rest.slice(0, max));
      rest = rest.slice(max);
    }
    if (line === '') line = rest;
    else if (line.length + 1 + rest.length <= max) line = `${line} ${rest}`;
    else {
      lines.push(line);
      line = rest;
    }
  }
  if (line !== '') lines.push(line);
  return lines.length > 0 ? lines : [''];
}
