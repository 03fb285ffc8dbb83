/**
 * Operator copy from the API is plain text, never HTML: blank lines split paragraphs and
 * a line starting with '## ' is a heading. React escapes everything it renders.
 */
export function PlainText({ text, headingLevel = 2 }: { text: string; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const blocks: Array<{ kind: 'h' | 'p'; text: string }> = [];
  for (const chunk of text.split(/\n\s*\n/)) {
    const lines = chunk.split('\n');
    const paragraph: string[] = [];
    for (const line of lines) {
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
