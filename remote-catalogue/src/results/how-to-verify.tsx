/** The published draw function, in plain words and as the commands anyone can run. */
export function HowToVerify() {
  return (
    <section className="cat-verify" aria-labelledby="cat-verify-title">
      <h2 id="cat-verify-title" className="cat-verify__title">How to verify</h2>
      <ol className="cat-verify__steps">
        <li>
          When a competition opens we generate a secret 32-byte <strong>seed</strong> and publish its <strong>commitment</strong>:
          its SHA-256 hash. Nobody can work out the seed from it, and we cannot change the seed afterwards without the hash changing.
        </li>
        <li>
          At the draw we publish the <strong>entry list</strong>: every ticket number with its entry type (paid or free postal), in
          ticket number order, no names. Its SHA-256 is shown as the entry list hash. Then we reveal the seed.
        </li>
        <li>
          The winner is worked out from those two things only: for r = 0, 1, 2, …, compute{' '}
          <code>HMAC-SHA256(key = seed, message = entry list hash + ":" + r)</code> and read it as a 256-bit number. Take the first one
          below 2<sup>256</sup> − (2<sup>256</sup> mod entry count), so every entry has exactly the same chance; the winning position
          is that number mod the entry count, counting from 0 down the entry list.
        </li>
        <li>
          Check it yourself: SHA-256 of the seed must equal the commitment, SHA-256 of the downloaded list must equal the entry list
          hash, and the function must land on the winning ticket. Our free script does all three with plain Node.js:
          <pre className="cat-verify__code">
            <code>node verify-draw.mjs --entries entries.csv --seed &lt;seed&gt; --commitment &lt;commitment&gt; --winner &lt;ticket&gt;</code>
          </pre>
          It is <code>shop-api/scripts/verify-draw.mjs</code> in our source code, and needs nothing but Node.js 18 or newer.
        </li>
      </ol>
    </section>
  );
}
