-- Content of the shop: categories, competitions and their parts, site settings,
-- SEO, how-it-works and winners. Money is integer pence; instants are timestamptz
-- (the API presents them as Europe/London wall time).

CREATE TABLE categories (
  id         serial PRIMARY KEY,
  slug       text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9-]+$'),
  name       text NOT NULL,
  position   integer NOT NULL DEFAULT 0
);

-- WooCommerce sells each competition as a product; its id is what the cart adds.
CREATE SEQUENCE competition_product_id_seq START 5001;

CREATE TABLE competitions (
  id                       serial PRIMARY KEY,
  competition_product_id   integer NOT NULL UNIQUE DEFAULT nextval('competition_product_id_seq'),
  category_id              integer NOT NULL REFERENCES categories (id),
  title                    text NOT NULL,
  description              text NOT NULL DEFAULT '',
  image                    text NOT NULL,
  price_pence              integer NOT NULL CHECK (price_pence > 0),
  sale_price_pence         integer CHECK (sale_price_pence > 0),
  sale_start_at            timestamptz,
  sale_end_at              timestamptz,
  total_tickets            integer NOT NULL CHECK (total_tickets > 0),
  -- Selling updates this with a guarded UPDATE ... WHERE tickets_sold + n <= total_tickets;
  -- the CHECK is the last line of defence against overselling.
  tickets_sold             integer NOT NULL DEFAULT 0 CHECK (tickets_sold >= 0 AND tickets_sold <= total_tickets),
  max_tickets_per_user     integer NOT NULL CHECK (max_tickets_per_user > 0),
  closing_at               timestamptz NOT NULL,
  draw_at                  timestamptz NOT NULL,
  -- What an operator set; 'closed' is also derived when closing_at has passed.
  status                   text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed', 'drawn')),
  featured                 boolean NOT NULL DEFAULT false,
  enable_instant_wins      boolean NOT NULL DEFAULT false,
  enable_reward_wins       boolean NOT NULL DEFAULT false,
  comp_question            boolean NOT NULL DEFAULT false,
  question                 text,
  hide_ticket_count        boolean NOT NULL DEFAULT false,
  hide_timer               boolean NOT NULL DEFAULT false,
  disable_tickets          boolean NOT NULL DEFAULT false,
  live_draw                boolean NOT NULL DEFAULT false,
  live_draw_info           text,
  prize_value_pence        integer NOT NULL CHECK (prize_value_pence >= 0),
  cash_alternative_pence   integer CHECK (cash_alternative_pence >= 0),
  winning_ticket_number    integer CHECK (winning_ticket_number > 0),
  drawn_at                 timestamptz,
  created_at               timestamptz NOT NULL DEFAULT now(),
  updated_at               timestamptz NOT NULL DEFAULT now(),
  CHECK (closing_at <= draw_at),
  CHECK (winning_ticket_number IS NULL OR winning_ticket_number <= total_tickets),
  CHECK (sale_price_pence IS NULL OR sale_start_at IS NULL OR sale_end_at IS NULL OR sale_start_at < sale_end_at),
  CHECK (status <> 'drawn' OR drawn_at IS NOT NULL)
);
-- The lists filter on (status, closing_at) and sort by draw_at; categories join by id.
CREATE INDEX competitions_status_closing_idx ON competitions (status, closing_at);
CREATE INDEX competitions_draw_at_idx ON competitions (draw_at);
CREATE INDEX competitions_category_idx ON competitions (category_id);
CREATE INDEX competitions_featured_idx ON competitions (id) WHERE featured;
CREATE INDEX competitions_instant_idx ON competitions (id) WHERE enable_instant_wins;

CREATE TABLE competition_gallery_images (
  id              serial PRIMARY KEY,
  competition_id  integer NOT NULL REFERENCES competitions (id) ON DELETE CASCADE,
  url             text NOT NULL,
  position        integer NOT NULL DEFAULT 0
);
CREATE INDEX competition_gallery_images_comp_idx ON competition_gallery_images (competition_id, position);

CREATE TABLE competition_question_options (
  id              serial PRIMARY KEY,
  competition_id  integer NOT NULL REFERENCES competitions (id) ON DELETE CASCADE,
  text            text NOT NULL,
  -- Never sent to clients; checked server-side when tickets are bought.
  is_correct      boolean NOT NULL DEFAULT false,
  position        integer NOT NULL DEFAULT 0
);
CREATE INDEX competition_question_options_comp_idx ON competition_question_options (competition_id, position);
CREATE UNIQUE INDEX competition_question_one_correct ON competition_question_options (competition_id) WHERE is_correct;

CREATE TABLE instant_win_prizes (
  id                 serial PRIMARY KEY,
  competition_id     integer NOT NULL REFERENCES competitions (id) ON DELETE CASCADE,
  title              text NOT NULL,
  prize_value_pence  integer NOT NULL CHECK (prize_value_pence >= 0),
  image              text NOT NULL DEFAULT '',
  quantity           integer NOT NULL CHECK (quantity >= 0),
  position           integer NOT NULL DEFAULT 0
);
CREATE INDEX instant_win_prizes_comp_idx ON instant_win_prizes (competition_id, position);

CREATE TABLE instant_win_tickets (
  id                     serial PRIMARY KEY,
  competition_id         integer NOT NULL REFERENCES competitions (id) ON DELETE CASCADE,
  instant_win_prize_id   integer NOT NULL REFERENCES instant_win_prizes (id) ON DELETE CASCADE,
  ticket_number          integer NOT NULL CHECK (ticket_number > 0),
  won_at                 timestamptz,
  won_by_name            text,
  -- One ticket number can carry at most one instant win, and is awarded at most once.
  UNIQUE (competition_id, ticket_number),
  CHECK ((won_at IS NULL) = (won_by_name IS NULL))
);

CREATE TABLE reward_wins (
  id                 serial PRIMARY KEY,
  competition_id     integer NOT NULL REFERENCES competitions (id) ON DELETE CASCADE,
  title              text NOT NULL,
  prize_value_pence  integer NOT NULL CHECK (prize_value_pence >= 0),
  percentage         integer NOT NULL CHECK (percentage BETWEEN 1 AND 100),
  won_at             timestamptz,
  won_by_name        text,
  position           integer NOT NULL DEFAULT 0,
  UNIQUE (competition_id, percentage)
);

-- Exactly one row (id is always true).
CREATE TABLE settings (
  id                      boolean PRIMARY KEY DEFAULT true CHECK (id),
  suggested_tickets       integer[] NOT NULL DEFAULT '{5,10,25,50}',
  announcement            text NOT NULL DEFAULT '',
  live_draw_info          text NOT NULL DEFAULT '',
  main_competition_id     integer REFERENCES competitions (id) ON DELETE SET NULL,
  slider_height_desktop   integer NOT NULL CHECK (slider_height_desktop > 0),
  slider_height_tablet    integer NOT NULL CHECK (slider_height_tablet > 0),
  slider_height_mobile    integer NOT NULL CHECK (slider_height_mobile > 0),
  show_question           smallint NOT NULL DEFAULT 1 CHECK (show_question IN (0, 1)),
  slider_speed            integer NOT NULL CHECK (slider_speed > 0),
  reward_prize_info       text NOT NULL DEFAULT '',
  frontend_scripts        text NOT NULL DEFAULT ''
);

CREATE TABLE seo_settings (
  page              text PRIMARY KEY,
  page_title        text NOT NULL,
  meta_description  text NOT NULL,
  meta_title        text NOT NULL
);

CREATE TABLE how_it_works (
  id     boolean PRIMARY KEY DEFAULT true CHECK (id),
  title  text NOT NULL,
  intro  text NOT NULL
);
CREATE TABLE how_it_works_steps (
  position  integer PRIMARY KEY,
  title     text NOT NULL,
  body      text NOT NULL
);

CREATE TABLE winners (
  id                 serial PRIMARY KEY,
  competition_id     integer NOT NULL REFERENCES competitions (id) ON DELETE CASCADE,
  winner_name        text NOT NULL,
  prize_title        text NOT NULL,
  prize_value_pence  integer NOT NULL CHECK (prize_value_pence >= 0),
  kind               text NOT NULL CHECK (kind IN ('draw', 'instant')),
  ticket_number      integer,
  won_at             timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX winners_won_at_idx ON winners (won_at DESC);
CREATE INDEX winners_competition_idx ON winners (competition_id);
