import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import { generateKeyPairSync } from "node:crypto";
import type { AddressInfo } from "node:net";

/**
 * A real OpenID provider (the `oidc-provider` package) on loopback for the SSO tests, plus a tiny
 * fetch-based "browser" (manual redirects, a cookie jar, HTML form posts) that drives its interactions.
 */

export interface TestUser {
  sub: string;
  name: string;
  preferred_username: string;
  phone_number: string;
}

export interface TestClient {
  client_id: string;
  client_secret: string;
  redirect_uri: string;
  post_logout_redirect_uri: string;
}

export interface TestProvider {
  issuer: string;
  /** Stops listening and drops every open connection. */
  close(): Promise<void>;
}

// The package ships no type declarations: the few parts used here, typed locally.
interface OidcAccount {
  accountId: string;
  claims(use: string, scope: string): Promise<Record<string, unknown>>;
}
interface OidcConfiguration {
  clients: Array<Record<string, unknown>>;
  findAccount(ctx: unknown, sub: string): Promise<OidcAccount | undefined>;
  claims: Record<string, string[]>;
  cookies: { keys: string[] };
  pkce: { required(): boolean };
  features: Record<string, { enabled: boolean }>;
  jwks: { keys: Array<Record<string, unknown>> };
  ttl: Record<string, number>;
  renderError?(ctx: { type: string; body: string }, out: Record<string, unknown>, err: Error): Promise<void>;
}
interface OidcProviderInstance {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
}
type OidcProviderClass = new (issuer: string, configuration: OidcConfiguration) => OidcProviderInstance;

/** Loads the ESM-only, untyped package (a non-literal specifier keeps TypeScript from looking for declarations). */
async function loadProvider(): Promise<OidcProviderClass> {
  const specifier: string = "oidc-provider";
  const mod = (await import(specifier)) as { Provider: OidcProviderClass };
  return mod.Provider;
}

function listen(server: Server, port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve((server.address() as AddressInfo).port));
  });
}

/** A loopback port that is free right now (for a server whose own address must be known before it starts). */
export async function freePort(): Promise<number> {
  const s = createServer();
  const port = await listen(s);
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/** Starts the provider on loopback (an ephemeral port unless given); the issuer is `http://127.0.0.1:<port>`. */
export async function startOidcProvider(client: TestClient, users: TestUser[], port = 0): Promise<TestProvider> {
  const Provider = await loadProvider();
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server = createServer((req, res) => {
    if (handler) handler(req, res);
    else res.writeHead(503).end();
  });
  const issuer = `http://127.0.0.1:${await listen(server, port)}`;
  const byId = new Map(users.map((u) => [u.sub, u]));
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.client_id,
        client_secret: client.client_secret,
        redirect_uris: [client.redirect_uri],
        post_logout_redirect_uris: [client.post_logout_redirect_uri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    // Dev interactions log in whatever id is typed; only these users have an account.
    findAccount: async (_ctx, sub) => {
      const u = byId.get(sub);
      if (!u) return undefined;
      return { accountId: u.sub, claims: async () => ({ ...u }) };
    },
    claims: { openid: ["sub"], profile: ["name", "preferred_username"], phone: ["phone_number"] },
    cookies: { keys: ["yanke-sso-test-cookie-key"] },
    // Required for this confidential client too, so a server that stops sending code_challenge fails.
    pkce: { required: () => true },
    jwks: { keys: [{ ...generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" }), kid: "test", use: "sig", alg: "RS256" }] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true }, userinfo: { enabled: true } },
    renderError: async (ctx, out) => {
      ctx.type = "html";
      ctx.body = `<pre id="error">${JSON.stringify(out)}</pre>`;
    },
  });
  handler = provider.callback();
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A cookie jar for one host (enough for a loopback provider: every cookie is sent back on every request). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = "", ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => {
        const [k = "", v = ""] = a.split("=");
        const key = k.trim().toLowerCase();
        return (key === "max-age" && Number(v) <= 0) || (key === "expires" && Date.parse(v) <= Date.now());
      });
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

export interface Hop {
  status: number;
  location: string;
  body: string;
}

/** One request without following redirects; cookies are kept in the jar. */
export async function hop(jar: CookieJar, url: string, form?: Record<string, string>): Promise<Hop> {
  const headers: Record<string, string> = { cookie: jar.header() };
  let body: string | undefined;
  if (form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(form).toString();
  }
  const res = await fetch(url, { method: form ? "POST" : "GET", headers, body, redirect: "manual" });
  jar.store(res);
  const location = res.headers.get("location");
  return { status: res.status, location: location ? new URL(location, url).toString() : "", body: await res.text() };
}

/** The first form of a page: its absolute action and its hidden inputs. */
export function parseForm(html: string, base: string): { action: string; fields: Record<string, string> } {
  const form = /<form\b[^>]*\baction="([^"]*)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) throw new Error(`no form in page: ${html.slice(0, 300)}`);
  const fields: Record<string, string> = {};
  for (const m of (form[2] ?? "").matchAll(/<input\b[^>]*>/gi)) {
    const tag = m[0];
    const name = /\bname="([^"]*)"/.exec(tag)?.[1];
    const value = /\bvalue="([^"]*)"/.exec(tag)?.[1];
    if (name && /\btype="hidden"/.test(tag)) fields[name] = value ?? "";
  }
  return { action: new URL((form[1] ?? "").replaceAll("&amp;", "&"), base).toString(), fields };
}

export interface BrowseResult {
  /** The provider's final redirect to the client (the redirect URI with code, state, iss). */
  callback: URL;
  /** Which interaction pages were shown, in order ("login", "consent"). */
  prompts: string[];
}

/**
 * Follows the provider from its authorization address, signing in as `login` on the login page and
 * granting consent, until it redirects to `redirectUri`. Throws on a provider error page.
 */
export async function browseToCallback(jar: CookieJar, authorizeUrl: string, redirectUri: string, login: string): Promise<BrowseResult> {
  const prompts: string[] = [];
  let url = authorizeUrl;
  let form: Record<string, string> | undefined;
  for (let step = 0; step < 20; step++) {
    const r = await hop(jar, url, form);
    form = undefined;
    if (r.status >= 300 && r.status < 400) {
      if (r.location.startsWith(redirectUri)) return { callback: new URL(r.location), prompts };
      url = r.location;
      continue;
    }
    if (r.status !== 200) throw new Error(`provider answered ${r.status} at ${url}: ${r.body.slice(0, 300)}`);
    const page = parseForm(r.body, url);
    const prompt = page.fields.prompt;
    if (prompt === "login") form = { ...page.fields, login, password: "any-password" };
    else if (prompt === "consent") form = { ...page.fields };
    else throw new Error(`unexpected provider page at ${url}: ${r.body.slice(0, 300)}`);
    prompts.push(prompt);
    url = page.action;
  }
  throw new Error("too many redirects at the provider");
}
