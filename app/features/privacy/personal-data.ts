// Every stored text column, sorted into what can hold a visitor's personal data (and how
// erasing the person treats it, erasure.server.ts) and what cannot or is kept on purpose
// (docs/decisions/148). personal-data.test.ts fails when a table or text column is added to
// db/schema.ts without being listed here.

/** Columns that can hold a visitor's data, and what erasing the person does to them. */
export const erasedColumns = {
  waitlist: {
    name: "deleted with the entry",
    email: "deleted; only its SHA-256 stays in erased_emails",
    message: "deleted with the entry",
    source: "deleted with the entry",
    utm_medium: "deleted with the entry",
    utm_campaign: "deleted with the entry",
    referrer: "deleted with the entry",
    search_text: "deleted with the entry",
  },
  waitlist_tallies: { source: "removed once no entry has the same source" },
  email_outbox: {
    recipient: "every message to the address deleted",
    payload: "every message to the address deleted",
    last_error: "every message to the address deleted",
  },
  email_mailbox: {
    recipient: "every message to the address deleted",
    subject: "every message to the address deleted",
    html: "every message to the address deleted",
    text: "every message to the address deleted",
  },
  newsletter_subscribers: { email: "the address's subscription deleted" },
  delivery_reports: {
    recipient: "reports about the address deleted",
    detail: "reports about the address deleted",
    subject: "reports about the address deleted",
    raw: "reports about the address deleted",
  },
  suppressions: {
    email: "the address's suppressions deleted (erased_emails keeps it unmailed)",
    detail: "the address's suppressions deleted",
  },
  campaign_messages: {
    email: "the address's campaign messages deleted",
    domain: "the address's campaign messages deleted",
    last_error: "the address's campaign messages deleted",
  },
  order_setups: {
    account_number: "set to null on the person's orders",
    broker_server: "set to null on the person's orders",
    whatsapp: "set to null on the person's orders",
    credential_sealed: "set to null on the person's orders",
  },
} as const;

const staff = "staff's own data (admin accounts), not a visitor's";
const code = "values from the code or the staff (ids, states, wording versions)";
const accounts =
  "financial records kept for the accounts (LGPD art. 16 I); tied to no entry once erased";

/** Text columns that hold no visitor data, or are kept on purpose, and why. */
export const keptColumns: Record<string, Record<string, string>> = {
  waitlist: { interested_agents: code, status: code },
  waitlist_tallies: { agents: code, status: code },
  email_outbox: { template: code, status: code },
  email_mailbox: { message_id: "a message id of ours" },
  email_tokens: { token_hash: "a hash; deleted with the entry", purpose: code },
  erased_emails: { email_hash: "the SHA-256 that keeps an erased address unmailed" },
  consent_events: { kind: code, channel: code, text_version: code },
  waitlist_status_changes: { status: code, changed_by: staff },
  invitations: { status: code, invited_by: staff, revoked_by: staff },
  invitation_tokens: { token_hash: "a hash; deleted with the invitation" },
  delivery_reports: { kind: code, source: code, status: "an SMTP status code", reviewed_by: staff },
  suppressions: { reason: code, lifted_by: staff },
  rate_limits: { key: "a masked client address and a window; expires with the window" },
  rate_limit: { id: staff, key: "better-auth's login counter (staff)" },
  user: { id: staff, name: staff, email: staff, image: staff, role: staff, ban_reason: staff },
  session: {
    token: staff,
    ip_address: staff,
    user_agent: staff,
    user_id: staff,
    impersonated_by: staff,
    id: staff,
  },
  account: {
    id: staff,
    account_id: staff,
    provider_id: staff,
    user_id: staff,
    access_token: staff,
    refresh_token: staff,
    id_token: staff,
    scope: staff,
    password: staff,
  },
  verification: { id: staff, identifier: staff, value: staff },
  robots: {
    key: code,
    name: code,
    slug: code,
    description: code,
    logo_url: code,
    myfxbook_link: code,
  },
  robot_slug_history: { slug: code },
  blog_posts: {
    title: code,
    slug: code,
    content: code,
    content_html: code,
    excerpt: code,
    featured_image_url: code,
    category: code,
    author: code,
  },
  orders: {
    reference: accounts,
    robot_name: code,
    state: code,
    exchange_rate_set_by: staff,
    link_method: code,
  },
  order_events: { actor: staff, from_state: code, to_state: code, reason: accounts },
  order_setups: { state: code, platform: code },
  order_tokens: { token_hash: "a hash; deleted with the order" },
  payments: {
    method: code,
    reference: accounts,
    note: accounts,
    credit_key: accounts,
    recorded_by: staff,
  },
  statement_imports: {
    format: code,
    account: accounts,
    sha256: accounts,
    credits: accounts,
    uploaded_by: staff,
    applied_by: staff,
  },
  bank_credits: { key: accounts, posted_on: accounts, description: accounts },
  exchange_rates: { set_by: staff },
  early_discounts: { set_by: staff },
  performance_statements: {
    file_name: code,
    sha256: code,
    format: code,
    account_kind: code,
    broker: code,
    server_clock: code,
    currency: code,
    record: code,
    uploaded_by: staff,
  },
  performance_publications: { published_by: staff },
  campaign_messages: { status: code },
  campaigns: {
    audience: code,
    body: "staff's message to many",
    cancelled_by: staff,
    created_by: staff,
    kind: code,
    preview_text: "staff's message to many",
    status: code,
    subject: "staff's message to many",
    waitlist_filter: "staff's choice of audience",
  },
  send_rates: { key: "a sending pace per mail domain" },
  scheduled_jobs: { name: code, last_error: "an error of a periodic job (no payload)" },
};
