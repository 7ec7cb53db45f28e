import type { DomainEntry } from '../../../contract/domain';
import { type SectionKind } from '../../../contract/domain-config';
import { ContentView } from './content-view';
import { SectionCard } from './section-card';
import { HttpsCertificate } from './https-certificate';
import { SignedUrlHelper } from './signed-url-helper';
import { sectionForms } from './section-forms';
import { type DomainConfig } from './use-domain-config';

export function SectionOf<K extends SectionKind>({
  kind,
  config,
  entry,
  readOnly,
}: {
  kind: K;
  config: DomainConfig;
  entry: DomainEntry;
  readOnly: boolean;
}) {
  return (
    <SectionCard<K>
      kind={kind}
      domain={entry}
      section={config.sections[kind]}
      readOnly={readOnly}
      View={ContentView as never}
      Form={sectionForms[kind]}
      extra={
        kind === 'domainUrlAuth' ? (
          <SignedUrlHelper domain={entry.domain} value={config.sections.domainUrlAuth.state} />
        ) : kind === 'domainHttps' ? (
          <HttpsCertificate domain={entry} https={config.sections.domainHttps.state} readOnly={readOnly} />
        ) : undefined
      }
    />
  );
}
