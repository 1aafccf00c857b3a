import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from './loopback';

describe('isLoopbackHost', () => {
  it.each(['localhost', 'LOCALHOST', '127.0.0.1', '127.1.2.3', '::1', '[::1]', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1'])('keeps %s to this machine', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each(['0.0.0.0', '::', '192.168.1.10', '10.0.0.1', '128.0.0.1', '::2', '::ffff:10.0.0.1', 'example.com', 'localhost.example.com', ''])('opens %s to the network', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });
});
