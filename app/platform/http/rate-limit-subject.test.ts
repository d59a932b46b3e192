import { describe, expect, it } from "vitest";
import { rateLimitSubject } from "./rate-limit.server.ts";

describe("rateLimitSubject", () => {
  it("keeps IPv4 addresses, also when mapped into IPv6", () => {
    expect(rateLimitSubject("203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitSubject("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("groups IPv6 addresses by their /64 network", () => {
    expect(rateLimitSubject("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(rateLimitSubject("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(rateLimitSubject("2001:db8::1")).toBe("2001:db8::/64");
    expect(rateLimitSubject("::1")).toBe("::/64");
  });

  it("passes anything else through unchanged", () => {
    expect(rateLimitSubject("unknown")).toBe("unknown");
  });
});
