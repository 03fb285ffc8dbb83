import { truncate } from '@cgg/contracts';

/** Shows text cut with '...'; screen readers (and page search) still get the whole text. */
export function TruncatedText({ text, max }: { text: string; max: number }) {
  const short = truncate(text, max);
  if (short === text) return <>{text}</>;
  return (
    <>
      <span aria-hidden="true">{short}</span>
      <span className="cat-sr-only">{text}</span>
    </>
  );
}
