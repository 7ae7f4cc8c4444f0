import { describe, expect, it } from 'vitest';
import { addressLookalikes, asciiHost, hostLookalike, scriptsOf } from '../../src/shared/lookalike';

/**
 * What the confirm card says about a host or an address that may pass for another: each reason
 * by name, and the form the browser resolves, so the agent can compare. A host with nothing odd
 * about it is not flagged at all.
 */
describe('hosts that may pass for others', () => {
  it('names a Cyrillic letter in a Latin name as non-ASCII, mixed scripts and punycode, with the form the browser resolves', () => {
    expect(hostLookalike('pаypal.com')).toEqual({ value: 'pаypal.com', ascii: 'xn--pypal-4ve.com', reasons: ['non_ascii', 'mixed_script', 'punycode'] });
  });

  it('names a punycode host as such, and gives no second form when the browser resolves the same one', () => {
    expect(hostLookalike('xn--80ak6aa92e.com')).toEqual({ value: 'xn--80ak6aa92e.com', reasons: ['punycode'] });
    expect(hostLookalike('XN--80AK6AA92E.COM')).toEqual({ value: 'XN--80AK6AA92E.COM', reasons: ['punycode'] });
  });

  it('flags nothing in a plain host', () => {
    expect(hostLookalike('example.com')).toBeNull();
    expect(hostLookalike('Desk.Example.COM')).toBeNull();
  });

  it('has no resolved form for what is no host', () => {
    expect(asciiHost('exa mple.com')).toBeNull();
    expect(asciiHost('Bücher.de')).toBe('xn--bcher-kva.de');
  });

  it('counts a letter of a script it does not name as one more script', () => {
    expect(scriptsOf('नमस्ते a1.')).toEqual(['Other', 'Latin']);
  });
});

describe('email addresses that may pass for others', () => {
  it('names the domain’s reasons and gives the address as the browser resolves it, without the brackets or dots around it', () => {
    const expected = [{ value: 'ada@exаmple.com', ascii: 'ada@xn--exmple-4nf.com', reasons: ['non_ascii', 'mixed_script', 'punycode'] }];
    expect(addressLookalikes('To: Ada <ada@exаmple.com>')).toEqual(expected);
    expect(addressLookalikes('(see ada@exаmple.com].')).toEqual(expected);
  });

  it('names a lookalike before the @ too, where the domain is plain', () => {
    expect(addressLookalikes('аdmin@example.com')).toEqual([{ value: 'аdmin@example.com', reasons: ['mixed_script', 'non_ascii'] }]);
  });

  it('flags nothing in plain addresses', () => {
    expect(addressLookalikes('ada@example.com, billing@desk.example.com.')).toEqual([]);
  });
});
