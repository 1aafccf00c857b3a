import { isIP } from 'node:net';

/** Whether listening on `host` keeps the server to this machine: localhost, 127.0.0.0/8 or ::1. */
export function isLoopbackHost(host: string): boolean {
  const name = host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (name === 'localhost') return true;
  const ipv4 = name.startsWith('::ffff:') ? name.slice('::ffff:'.length) : name;
  if (isIP(ipv4) === 4) return ipv4.split('.')[0] === '127';
  if (isIP(name) === 6) return /^(0{0,4}:){7}0{0,3}1$|^::1$/.test(name);
  return false;
}
