/** Shown once, right after enrolment: the codes that stand in for a lost phone. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <section className="bo-form" aria-labelledby="bo-recovery-title">
      <h1 id="bo-recovery-title" className="bo-title">
        Save your recovery codes
      </h1>
      <p>
        If you lose your phone, each of these codes signs you in once instead of a code from the app. Keep them somewhere
        safe: they are not shown again.
      </p>
      <ul className="bo-recovery" aria-label="Recovery codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <button type="button" className="bo-button" onClick={onDone}>
        I have saved these codes
      </button>
    </section>
  );
}
