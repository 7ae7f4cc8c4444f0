import { describe, expect, it } from 'vitest';
import { defaultModelSettings, isLoopbackEndpoint, masksPersonalData } from '../../../src/background/model/model-settings';

describe('masking personal data by default', () => {
  it('is on for any endpoint off this machine and off on loopback, unless chosen', () => {
    const base = defaultModelSettings();
    expect(masksPersonalData({ ...base, baseURL: 'https://api.openai.com/v1' })).toBe(true);
    expect(masksPersonalData({ ...base, baseURL: 'http://192.168.1.20:11434/v1' })).toBe(true);
    expect(masksPersonalData({ ...base, baseURL: 'http://localhost:11434/v1' })).toBe(false);
    expect(masksPersonalData({ ...base, baseURL: 'http://127.0.0.1:4518/v1' })).toBe(false);
    expect(masksPersonalData({ ...base, baseURL: 'http://127.0.0.1:4518/v1', maskPersonalData: true })).toBe(true);
    expect(masksPersonalData({ ...base, baseURL: 'https://api.openai.com/v1', maskPersonalData: false })).toBe(false);
  });

  it('does not take a look-alike host for loopback', () => {
    expect(isLoopbackEndpoint('http://127.0.0.1.evil.example/v1')).toBe(false);
    expect(isLoopbackEndpoint('http://localhost.evil.example/v1')).toBe(false);
    expect(isLoopbackEndpoint('http://[::1]:8080/v1')).toBe(true);
    expect(isLoopbackEndpoint('not a url')).toBe(false);
  });
});
