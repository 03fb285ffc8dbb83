/**
 * Site copy as the shop shows it (the shell's pages/plain-text.tsx; no front end imports
 * another's code, so the rule is repeated here): blank lines split paragraphs, a line starting
 * '## ' is a heading, and React escapes everything, so the preview cannot run anything either.
 */
export function PlainTextPreview({ text, headingLevel = 3 }: { text: string; headingLevel?: 3 | 4 }) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const blocks: Array<{ kind: 'h' | 'p'; text: string }> = [];
  for (const chunk of text.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const paragraph: string[] = [];
    for (const line of chunk.split('\n')) {
      if (line.startsWith('## ')) {
        if (paragraph.length) blocks.push({ kind: 'p', text: paragraph.splice(0).join('\n') });
        blocks.push({ kind: 'h', text: line.slice(3).trim() });
      } else if (line.trim()) {
        paragraph.push(line.trim());
      }
    }
    if (paragraph.length) blocks.push({ kind: 'p', text: paragraph.join('\n') });
  }
  return (
    <>
      {blocks.map((b, i) => (b.kind === 'h' ? <Heading key={i}>{b.text}</Heading> : <p key={i}>{b.text}</p>))}
    </>
  );
}
