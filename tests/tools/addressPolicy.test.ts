import { describe, expect, it } from "vitest";
import { createAddressPolicy, embeddedIPv4 } from "@/lib/tools/httpFetch/addressPolicy";

const policy = createAddressPolicy();

describe("address policy", () => {
  it.each([
    "127.0.0.1",
    "127.255.255.254",
    "0.0.0.0",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "100.64.0.1",
    "100.100.100.200", // Alibaba metadata
    "169.254.169.254", // AWS/GCP/Azure metadata
    "224.0.0.1",
    "255.255.255.255",
    "::",
    "::1",
    "fe80::1",
    "fc00::1",
    "fd00:ec2::254", // AWS IPv6 metadata
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::FFFF:10.0.0.1",
    "::ffff:169.254.169.254",
    "64:ff9b::192.168.0.1",
    "::127.0.0.1", // deprecated IPv4-compatible
    "2002:7f00:1::1", // 6to4 around loopback
  ])("refuses %s", (address) => {
    expect(policy.refusal(address)).toMatch(/private or reserved/);
  });

  it.each(["8.8.8.8", "1.1.1.1", "172.32.0.1", "192.169.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8", "64:ff9b::8.8.8.8"])(
    "allows the public address %s",
    (address) => {
      expect(policy.refusal(address)).toBeUndefined();
    },
  );

  it("refuses what is not an IP address", () => {
    expect(policy.refusal("localhost")).toMatch(/not an IP address/);
  });

  it("lets an allow list open precise ranges", () => {
    const intranet = createAddressPolicy(["10.0.0.0/8", "::1"]);
    expect(intranet.refusal("10.9.9.9")).toBeUndefined();
    expect(intranet.refusal("::ffff:10.9.9.9")).toBeUndefined();
    expect(intranet.refusal("::1")).toBeUndefined();
    expect(intranet.refusal("192.168.0.1")).toBeDefined();
    expect(intranet.refusal("127.0.0.1")).toBeDefined();
  });

  it.each([["10.0.0.0/33"], ["nonsense"], ["::1/129"], ["10.0.0.0/x"]])("rejects the allow-list entry %s", (cidr) => {
    expect(() => createAddressPolicy([cidr])).toThrow(/not an IP address or CIDR/);
  });

  it("finds IPv4 inside mapped and NAT64 IPv6 addresses", () => {
    expect(embeddedIPv4("::ffff:1.2.3.4")).toBe("1.2.3.4");
    expect(embeddedIPv4("::ffff:0102:0304")).toBe("1.2.3.4");
    expect(embeddedIPv4("64:ff9b::1.2.3.4")).toBe("1.2.3.4");
    expect(embeddedIPv4("2001:db8::1")).toBeUndefined();
  });
});
