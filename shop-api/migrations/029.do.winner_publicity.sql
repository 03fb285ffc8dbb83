-- How a winner is named on the winners list (advertising code 8.28.5; UK prize-draw code
-- issue 17): first name, surname initial and county, or the full surname only when the
-- winner consented when claiming. The claim keeps the county they gave and the consent
-- with its time (src/claims/claim-prize.ts); the public lists read them
-- (src/draws/winner-names.ts), so a full surname never leaves the API without consent.
ALTER TABLE prize_claims
  ADD COLUMN winner_county text NOT NULL DEFAULT '',
  ADD COLUMN full_surname_consent_at timestamptz;
