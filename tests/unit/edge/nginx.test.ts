import { describe, expect, it } from 'vitest';
import { nginxProblem } from '../../../edge/nginx';

describe('nginx -t output read for the console', () => {
  it('takes the message and where, before the error log is open', () => {
    expect(
      nginxProblem(
        'nginx: [emerg] unknown directive "bogus" in /srv/edge/domains/abc.conf:12\nnginx: configuration file /srv/edge/nginx.conf test failed\n',
      ),
    ).toEqual({ message: 'unknown directive "bogus"', file: '/srv/edge/domains/abc.conf', line: 12 });
  });

  it('takes the message and where from an error-log line, without its time and process', () => {
    expect(
      nginxProblem(
        '2026/11/27 03:37:03 [emerg] 22070#22070: host not found in upstream "origin.example.com:443" in /srv/edge/domains/b267.conf:4\n',
      ),
    ).toEqual({
      message: 'host not found in upstream "origin.example.com:443"',
      file: '/srv/edge/domains/b267.conf',
      line: 4,
    });
  });

  it('keeps a problem that names no file whole', () => {
    expect(nginxProblem('nginx: [alert] could not open error log file: open() "/x" failed (13)')).toEqual({
      message: 'could not open error log file: open() "/x" failed (13)',
      file: null,
      line: null,
    });
    expect(nginxProblem('')).toEqual({ message: 'nginx refused the configuration', file: null, line: null });
  });
});
