-- Site pages (issue 6): FAQs, legal terms, the free postal route, contact messages,
-- and community chat (mail goes through 002's email_outbox). The copy is seeded here as data so
-- every database (new or already running) gets it; operators edit these rows.
-- Bodies are plain text: paragraphs split by blank lines, a line starting '## ' is a heading.

CREATE TABLE faqs (
  id        serial PRIMARY KEY,
  category  text NOT NULL,
  question  text NOT NULL,
  answer    text NOT NULL,
  position  integer NOT NULL DEFAULT 0,
  published boolean NOT NULL DEFAULT true
);
CREATE INDEX faqs_position_idx ON faqs (position) WHERE published;

CREATE TABLE legal_terms (
  tab         integer PRIMARY KEY CHECK (tab > 0),
  slug        text NOT NULL UNIQUE,
  title       text NOT NULL,
  body        text NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);

-- Exactly one row (id is always true).
CREATE TABLE postal_route (
  id             boolean PRIMARY KEY DEFAULT true CHECK (id),
  title          text NOT NULL,
  intro          text NOT NULL,
  address_lines  text[] NOT NULL,
  what_to_write  text[] NOT NULL,
  fairness       text NOT NULL,
  closing_rules  text[] NOT NULL
);

CREATE TABLE contact_messages (
  id          bigserial PRIMARY KEY,
  name        text NOT NULL,
  email       text NOT NULL,
  subject     text NOT NULL,
  message     text NOT NULL,
  -- The client address the rate limit counts by.
  ip_address  text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contact_messages_ip_time_idx ON contact_messages (ip_address, created_at DESC);

CREATE TABLE chat_messages (
  id           bigserial PRIMARY KEY,
  customer_id  integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  author_name  text NOT NULL,
  message      text NOT NULL CHECK (char_length(message) BETWEEN 1 AND 500),
  created_at   timestamptz NOT NULL DEFAULT now(),
  removed_at   timestamptz
);
CREATE INDEX chat_messages_visible_idx ON chat_messages (id DESC) WHERE removed_at IS NULL;
CREATE INDEX chat_messages_customer_time_idx ON chat_messages (customer_id, created_at DESC);

-- Every API instance LISTENs on 'chat_events' and streams these to its browsers, so a
-- message posted through one instance (or removed from the CLI) reaches everyone.
CREATE FUNCTION chat_messages_notify() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('chat_events', json_build_object('type', 'message', 'id', NEW.id, 'author', NEW.author_name,
      'message', NEW.message, 'created_at', to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text);
  ELSIF NEW.removed_at IS NOT NULL AND OLD.removed_at IS NULL THEN
    PERFORM pg_notify('chat_events', json_build_object('type', 'removed', 'id', NEW.id)::text);
  END IF;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER chat_messages_notify AFTER INSERT OR UPDATE OF removed_at ON chat_messages
  FOR EACH ROW EXECUTE FUNCTION chat_messages_notify();

INSERT INTO faqs (position, category, question, answer) VALUES
(1, 'Entering', 'How do I enter a competition?',
 $$Choose a competition, answer the skill question, pick how many tickets you want and check out. Your ticket numbers are shown on the confirmation page and in your account under Recent orders, and we email them to you as well.$$),
(2, 'Entering', 'Who can enter?',
 $$Our competitions are open to residents of the United Kingdom aged 18 or over. We may ask winners for proof of age and identity before a prize is handed over. Employees of CGG Competitions and their households cannot enter.$$),
(3, 'Entering', 'Why do I have to answer a question?',
 $$UK law treats a paid-for draw without skill as a lottery. Our competitions are prize competitions: you must answer the question correctly for your entry to count. Entries with a wrong answer are not entered into the draw and are not refunded.$$),
(4, 'Entering', 'Can I enter for free?',
 $$Yes. Every competition can be entered free by post. A postal entry has exactly the same chance of winning as a paid entry and counts towards the same ticket limit. See the Free postal entry route page for the address and what to write.$$),
(5, 'Odds and tickets', 'What are my chances of winning?',
 $$Every competition has a fixed maximum number of tickets, shown on the competition page, so your odds are never worse than the number of tickets you hold divided by the maximum. For example, one ticket in a 5,000-ticket competition has odds of at worst 1 in 5,000.$$),
(6, 'Odds and tickets', 'Is there a limit on how many tickets I can buy?',
 $$Yes. Each competition shows a maximum number of tickets per person. Tickets in your basket, tickets you have already bought and free postal entries all count towards it.$$),
(7, 'Odds and tickets', 'What is an instant win?',
 $$Some competitions hide instant-win prizes behind certain ticket numbers. If one of your tickets matches, you win that prize straight away, and your tickets still go into the main draw.$$),
(8, 'Draws', 'How and when is the winner picked?',
 $$Draws take place on the date and time shown on each competition, usually live on our Facebook page at 8pm. The winning ticket is chosen with a certified random number generator, and the result is published on the Draw results page.$$),
(9, 'Draws', 'What happens if a competition does not sell out?',
 $$The draw still goes ahead on the advertised date unless the competition page says otherwise. If we ever have to extend a draw date, we tell every entrant by email before the original date.$$),
(10, 'Draws', 'How will I know if I have won?',
 $$We call and email winners straight after the draw, and instant wins show the moment your order is confirmed. Please keep the contact details in your account up to date.$$),
(11, 'Prizes', 'Can I take a cash alternative?',
 $$Where a competition lists a cash alternative you can choose it instead of the prize. Cash prizes are paid by bank transfer, usually within 7 days of the winner's identity checks being completed.$$),
(12, 'Payment', 'How can I pay?',
 $$We accept Visa, Mastercard, Apple Pay and Google Pay. Payments are processed securely by our payment provider; we never see or store your full card number. Site credit and valid coupon codes can be used at checkout.$$),
(13, 'Payment', 'Can I get a refund?',
 $$Entries cannot be refunded once the order is complete, except where the law requires it or a competition is cancelled, in which case every entrant is refunded in full.$$),
(14, 'Responsible play', 'How do I keep my play under control?',
 $$Set a daily, weekly or monthly spending limit, or lock your account for a period, under Account, Responsible gaming. Lowering a limit or locking takes effect immediately. If play stops being fun, free confidential help is available from GamCare on 0808 8020 133 or at gamcare.org.uk.$$),
(15, 'Your account', 'I forgot my password. What do I do?',
 $$Use the Forgot password link on the login page. We email you a link to choose a new password; it works once and expires after an hour.$$);

INSERT INTO legal_terms (tab, slug, title, body) VALUES
(1, 'terms-and-conditions', 'Terms & Conditions', $$## About us
CGG Competitions is a trading name of CGG Competitions Ltd, a company registered in England and Wales. These terms apply to every use of our website and every entry to our competitions.

## Eligibility
You must be 18 or over and resident in the United Kingdom to open an account or enter. We may ask for proof of age, identity and address before paying out any prize, and we will void entries that break these terms.

## Your account
Keep your password private; you are responsible for activity on your account. Tell us straight away if you think someone else has used it.

## Orders and payment
An entry is accepted when your order is confirmed and your ticket numbers are shown. Prices include any applicable taxes. Entries are not refundable unless a competition is cancelled or the law requires a refund.

## Limits of liability
Nothing in these terms limits liability that cannot be limited by law, including for death or personal injury caused by negligence, or for fraud.

## Changes
We may update these terms; the version in force when you enter applies to that entry. These terms are governed by the law of England and Wales.$$),
(2, 'competition-rules', 'Competition Rules', $$## How a competition works
Each competition has a fixed maximum number of tickets, a closing date and time, and a draw date and time, all shown on its page. To be valid, an entry must answer the skill question correctly.

## Free entry by post
Every competition can be entered free by post. Postal entries are treated exactly like paid entries: the same odds, the same per-person ticket limit and the same closing time. See the Free postal entry route page for details.

## The draw
Winning tickets are chosen with a random number generator, usually live on our Facebook page. If the chosen ticket belongs to an invalid entry, we draw again until a valid entry is picked.

## Instant wins
Instant-win ticket numbers are fixed before a competition opens. A matching ticket wins that prize immediately and remains in the main draw.

## Prizes
Prizes are as described on the competition page. Where a cash alternative is offered, the winner may choose it. Winners agree to share their first name and town for publicity; we never publish full addresses.

## Disputes
Our decision on any matter relating to a competition is final, subject to your statutory rights.$$),
(3, 'privacy-policy', 'Privacy Policy', $$## Who we are
CGG Competitions Ltd is the controller of the personal data described here. Contact our data protection lead through the Contact us page.

## What we collect
Your name, email address, phone number and address; your orders, tickets and wins; bank details you give us for prize payments; messages you send us; and technical data such as your IP address and the pages you visit.

## Why we use it
To run competitions and deliver prizes (contract), to meet legal duties such as age and anti-fraud checks (legal obligation), to keep the site secure and improve it (legitimate interests), and to send marketing only when you have agreed (consent).

## Who we share it with
Our payment provider, email provider and hosting providers, all under contract, and authorities when the law requires it. We never sell your data.

## How long we keep it
Account and order records for 6 years after your last order (tax law); contact messages for 2 years; chat messages until you or we remove them.

## Your rights
You can ask for a copy of your data, correct it, delete it, restrict or object to its use, and take it elsewhere. You can also complain to the Information Commissioner's Office (ico.org.uk).$$),
(4, 'acceptable-use', 'Acceptable Use', $$## Community chat and messages
Be kind. Do not post abuse, hate, harassment, spam, advertising, personal details of others, or anything illegal. Messages are plain text and may be removed by our moderators.

## Using the site
Do not try to break, overload or get around the security of the site, use automated tools to buy tickets, or open more than one account. We may suspend accounts that break these rules.$$),
(5, 'cookies', 'Cookies', $$## What we use
We use a small number of cookies and local storage entries to keep you signed in, remember your basket and your cookie choice (cggcookie, kept 7 days), and remember site settings so pages load quickly.

## Your choice
Essential cookies are needed for the site to work. You can clear cookies and local storage in your browser settings at any time; you will then be signed out and your basket may be emptied.$$);

INSERT INTO postal_route (title, intro, address_lines, what_to_write, fairness, closing_rules) VALUES (
  'Free postal entry route',
  'You can enter any of our competitions for free by post. No purchase is necessary, and a postal entry has exactly the same chance of winning as an online entry.',
  ARRAY['CGG Competitions – Free Entry', 'PO Box 1234', 'Manchester', 'M1 1AA'],
  ARRAY[
    'Your full name, postal address and phone number',
    'The email address registered to your CGG Competitions account (entries are added to that account)',
    'The name of the competition you are entering',
    'Your answer to the competition question',
    'Your date of birth (you must be 18 or over)'
  ],
  'Postal entries are entered into the same draw as paid entries, with the same odds and the same per-person ticket limit. Each postal entry counts as one ticket towards that limit.',
  ARRAY[
    'Send one entry per envelope, by first or second class post; hand-delivered and bulk entries are not accepted.',
    'Entries must arrive before the competition''s closing date and time shown on its page. Entries that arrive after a competition has sold out or closed are not entered and cannot be carried over.',
    'Illegible, incomplete or incorrectly answered entries are not entered.',
    'We do not acknowledge postal entries; your ticket number appears in your account once the entry is processed.'
  ]
);
