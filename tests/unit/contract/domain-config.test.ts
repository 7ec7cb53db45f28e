import { describe, expect, it } from 'vitest';
import { configSections, sectionPayload } from '../../../src/contract/domain-config';
import { boundaryCases } from '../../support/config-boundaries';

describe('configuration sections: the boundaries, as the browser checks them', () => {
  it.each(boundaryCases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const result = configSections[c.kind].content.safeParse(c.content);
    if (c.refused === null) {
      expect(result.error?.issues).toBeUndefined();
      return;
    }
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((i) => ({ path: i.path.join('.'), message_id: i.message }));
    expect(issues).toContainEqual(c.refused);
  });

  it('checks a section payload as the commands take it', () => {
    const ok = sectionPayload('domainOrigin').safeParse({
      id: '0b6f7f5e-3d0c-4c2a-9f1e-1a2b3c4d5e6f',
      content: { connect_timeout: 10 },
    });
    expect(ok.success).toBe(true);
  });
});
