import type { CounterStore } from "../../infra/counter.js";
import { tooMany } from "../../http/errors.js";

export interface ThrottleSettings {
  maxFailures: number;
  maxFailuresPerIp: number;
  lockSeconds: number;
}

function waitText(seconds: number): string {
  return seconds >= 60 ? `${Math.ceil(seconds / 60)} 分钟` : `${seconds} 秒`;
}

/** Login throttling per account and per address; the message never says whether the account exists. */
export class LoginThrottle {
  constructor(
    private readonly store: CounterStore,
    private readonly s: ThrottleSettings,
  ) {}

  private keys(username: string, ip: string) {
    return { acct: `login:acct:${username.trim().toLowerCase()}`, ip: `login:ip:${ip}` };
  }

  async check(username: string, ip: string): Promise<void> {
    const k = this.keys(username, ip);
    const [a, i] = await Promise.all([this.store.peek(k.acct), this.store.peek(k.ip)]);
    const blocked = [a.count >= this.s.maxFailures ? a.ttl : 0, i.count >= this.s.maxFailuresPerIp ? i.ttl : 0];
    const wait = Math.max(...blocked);
    if (wait > 0) throw tooMany(`登录失败次数过多，请 ${waitText(wait)}后再试`, wait);
  }

  async fail(username: string, ip: string): Promise<void> {
    const k = this.keys(username, ip);
    await Promise.all([this.store.hit(k.acct, this.s.lockSeconds), this.store.hit(k.ip, this.s.lockSeconds)]);
  }

  async succeed(username: string): Promise<void> {
    await this.store.reset(this.keys(username, "").acct);
  }
}
