import { integer, pgTable, serial, text, timestamp, uniqueIndex, index } from "drizzle-orm/pg-core";
import { account } from "../account/account.schema.js";

/**
 * Sessions: the token is random, only its SHA-256 is stored. `ended_reason` is null while live;
 * 'logout' answers 1025, the others (password_changed, account_disabled, logged_in_elsewhere) answer 1028.
 */
export const session = pgTable(
  "session",
  {
    id: serial("id").primaryKey(),
    token_hash: text("token_hash").notNull(),
    account_id: integer("account_id")
      .notNull()
      .references(() => account.id, { onDelete: "cascade" }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    ended_at: timestamp("ended_at", { withTimezone: true }),
    ended_reason: text("ended_reason"),
    ip: text("ip").notNull().default(""),
    user_agent: text("user_agent").notNull().default(""),
    /** Set for SSO sessions: used for user info and the end-session hint. */
    id_token: text("id_token"),
    access_token: text("access_token"),
  },
  (t) => [uniqueIndex("session_token_hash_uq").on(t.token_hash), index("session_account_idx").on(t.account_id)],
);

/** Pending SSO authorizations (state → PKCE verifier and nonce), shared by every server process. */
export const ssoState = pgTable("sso_state", {
  state: text("state").primaryKey(),
  code_verifier: text("code_verifier").notNull(),
  nonce: text("nonce").notNull(),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
