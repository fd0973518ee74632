-- +goose Up
CREATE TABLE quote_requests (
    id TEXT PRIMARY KEY,
    loan_type TEXT NOT NULL CHECK (loan_type IN ('purchase', 'refinance')),
    property_type TEXT NOT NULL,
    property_style TEXT NOT NULL,
    military_service INTEGER NOT NULL,
    credit_score INTEGER NOT NULL,
    zip_code TEXT NOT NULL,
    state TEXT NOT NULL,
    purchase_price REAL,
    down_payment REAL,
    down_payment_percent REAL,
    is_first_home INTEGER,
    property_value REAL,
    remaining_balance REAL,
    cash_out INTEGER NOT NULL DEFAULT 0,
    cash_out_amount REAL,
    interest_rate REAL,
    broker_rate REAL,
    broker_lender_fees REAL,
    broker_mortgage_insurance REAL,
    user_uploaded_quote_url TEXT,
    questions TEXT NOT NULL DEFAULT '[]',
    refi_intent TEXT,
    keystone_consideration TEXT,
    current_mortgage_rate REAL,
    current_monthly_payment REAL,
    current_mortgage_program TEXT,
    current_mortgage_insurance REAL,
    email TEXT,
    phone TEXT,
    preferred_contact_method TEXT,
    is_example INTEGER NOT NULL DEFAULT 0,
    created_at DATETIME NOT NULL
);
CREATE INDEX quote_requests_created_at ON quote_requests (created_at);

CREATE TABLE analyses (
    id TEXT PRIMARY KEY,
    quote_request_id TEXT NOT NULL UNIQUE REFERENCES quote_requests (id) ON DELETE CASCADE,
    grade TEXT CHECK (grade IN ('A', 'B', 'C', 'D', 'F')),
    pros TEXT NOT NULL,
    cons TEXT NOT NULL,
    recommendations TEXT NOT NULL,
    notes TEXT NOT NULL,
    lender TEXT NOT NULL,
    created_at DATETIME NOT NULL,
    updated_at DATETIME NOT NULL
);

CREATE TABLE quotes (
    id TEXT PRIMARY KEY,
    quote_request_id TEXT NOT NULL REFERENCES quote_requests (id) ON DELETE CASCADE,
    rate REAL NOT NULL,
    lender_fees REAL NOT NULL,
    mortgage_insurance REAL,
    apr REAL,
    is_recommended INTEGER NOT NULL,
    points REAL,
    title_fees REAL,
    source TEXT NOT NULL,
    loan_program TEXT,
    position INTEGER NOT NULL,
    created_at DATETIME NOT NULL,
    updated_at DATETIME NOT NULL
);
CREATE INDEX quotes_quote_request ON quotes (quote_request_id);

CREATE TABLE analysis_views (
    id TEXT PRIMARY KEY,
    analysis_id TEXT NOT NULL REFERENCES analyses (id) ON DELETE CASCADE,
    viewed_by TEXT,
    viewed_at DATETIME NOT NULL
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
    created_at DATETIME NOT NULL
);
CREATE INDEX contact_requests_created_at ON contact_requests (created_at);

CREATE TABLE campaign_visits (
    id TEXT PRIMARY KEY,
    campaign_id TEXT NOT NULL,
    resolved_to TEXT NOT NULL,
    visited_at DATETIME NOT NULL
);
CREATE INDEX campaign_visits_campaign ON campaign_visits (campaign_id);

-- +goose Down
DROP TABLE campaign_visits;
DROP TABLE contact_requests;
DROP TABLE analysis_views;
DROP TABLE quotes;
DROP TABLE analyses;
DROP TABLE quote_requests;
