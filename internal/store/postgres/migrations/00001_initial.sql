-- +goose Up
CREATE TABLE quote_requests (
    id TEXT PRIMARY KEY,
    loan_type TEXT NOT NULL CHECK (loan_type IN ('purchase', 'refinance')),
    property_type TEXT NOT NULL,
    property_style TEXT NOT NULL,
    military_service BOOLEAN NOT NULL,
    credit_score INTEGER NOT NULL,
    zip_code TEXT NOT NULL,
    state TEXT NOT NULL,
    purchase_price DOUBLE PRECISION,
    down_payment DOUBLE PRECISION,
    down_payment_percent DOUBLE PRECISION,
    is_first_home BOOLEAN,
    property_value DOUBLE PRECISION,
    remaining_balance DOUBLE PRECISION,
    cash_out BOOLEAN NOT NULL DEFAULT FALSE,
    cash_out_amount DOUBLE PRECISION,
    interest_rate DOUBLE PRECISION,
    broker_rate DOUBLE PRECISION,
    broker_lender_fees DOUBLE PRECISION,
    broker_mortgage_insurance DOUBLE PRECISION,
    user_uploaded_quote_url TEXT,
    questions JSONB NOT NULL DEFAULT '[]',
    refi_intent TEXT,
    keystone_consideration TEXT,
    current_mortgage_rate DOUBLE PRECISION,
    current_monthly_payment DOUBLE PRECISION,
    current_mortgage_program TEXT,
    current_mortgage_insurance DOUBLE PRECISION,
    email TEXT,
    phone TEXT,
    preferred_contact_method TEXT,
    is_example BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX quote_requests_created_at ON quote_requests (created_at);

CREATE TABLE analyses (
    id TEXT PRIMARY KEY,
    quote_request_id TEXT NOT NULL UNIQUE REFERENCES quote_requests (id) ON DELETE CASCADE,
    grade TEXT CHECK (grade IN ('A', 'B', 'C', 'D', 'F')),
    pros JSONB NOT NULL,
    cons JSONB NOT NULL,
    recommendations JSONB NOT NULL,
    notes JSONB NOT NULL,
    lender TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE quotes (
    id TEXT PRIMARY KEY,
    quote_request_id TEXT NOT NULL REFERENCES quote_requests (id) ON DELETE CASCADE,
    rate DOUBLE PRECISION NOT NULL,
    lender_fees DOUBLE PRECISION NOT NULL,
    mortgage_insurance DOUBLE PRECISION,
    apr DOUBLE PRECISION,
    is_recommended BOOLEAN NOT NULL,
    points DOUBLE PRECISION,
    title_fees DOUBLE PRECISION,
    source TEXT NOT NULL,
    loan_program TEXT,
    position INTEGER NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX quotes_quote_request ON quotes (quote_request_id);

CREATE TABLE analysis_views (
    id TEXT PRIMARY KEY,
    analysis_id TEXT NOT NULL REFERENCES analyses (id) ON DELETE CASCADE,
    viewed_by TEXT,
    viewed_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX analysis_views_analysis ON analysis_views (analysis_id);

CREATE TABLE contact_requests (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    email TEXT,
    phone TEXT,
    question TEXT NOT NULL,
    preferred_contact TEXT NOT NULL,
    state TEXT NOT NULL,
    quote_request_id TEXT REFERENCES quote_requests (id) ON DELETE SET NULL,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX contact_requests_created_at ON contact_requests (created_at);

CREATE TABLE campaign_visits (
    id TEXT PRIMARY KEY,
    campaign_id TEXT NOT NULL,
    resolved_to TEXT NOT NULL,
    visited_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX campaign_visits_campaign ON campaign_visits (campaign_id);

-- +goose Down
DROP TABLE campaign_visits;
DROP TABLE contact_requests;
DROP TABLE analysis_views;
DROP TABLE quotes;
DROP TABLE analyses;
DROP TABLE quote_requests;
