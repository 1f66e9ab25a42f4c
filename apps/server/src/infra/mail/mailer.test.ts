import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OutboxMailer } from './mailer.js';

describe('OutboxMailer', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes an .eml with a text and an HTML part and logs the link', async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sift-outbox-')), 'outbox');
    dirs.push(path.dirname(dir));
    const lines: string[] = [];
    const mailer = new OutboxMailer(dir, 'Sift <no-reply@localhost>', { info: (line) => lines.push(line) });

    await mailer.send({
      to: 'ada@example.com',
      subject: 'Confirm your Sift account',
      text: 'Open http://localhost:8080/confirmRegistration/abc',
      html: '<p><a href="http://localhost:8080/confirmRegistration/abc">Confirm</a></p>',
      link: 'http://localhost:8080/confirmRegistration/abc',
    });

    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = fs.readFileSync(path.join(dir, files[0]!), 'utf8');
    expect(eml).toContain('To: ada@example.com');
    expect(eml).toContain('Subject: Confirm your Sift account');
    expect(eml).toContain('Content-Type: text/plain');
    expect(eml).toContain('Content-Type: text/html');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('http://localhost:8080/confirmRegistration/abc');
    expect(lines[0]).toContain(files[0]);
  });
});
