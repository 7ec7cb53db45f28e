import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type {
  originCarriers,
  originIpTypes,
  originProtocols,
  originRegions,
  originTypes,
} from '../../contract/rules/domain';

type Labels<T extends readonly string[]> = Record<T[number], MessageDescriptor>;

/** The labels of an origin's enumerated values (spec §3 Origin), shared by the forms and the detail. */
export const originValueLabels: {
  type: Labels<typeof originTypes>;
  protocol: Labels<typeof originProtocols>;
  carrier: Labels<typeof originCarriers>;
  ipType: Labels<typeof originIpTypes>;
  region: Labels<typeof originRegions>;
} = {
  type: {
    ip: msg({ id: 'domain.originForm.typeIp', message: 'IP' }),
    domain: msg({ id: 'domain.originForm.typeDomain', message: 'Domain' }),
  },
  protocol: {
    http: msg({ id: 'domain.originForm.protocolHttp', message: 'HTTP' }),
    https: msg({ id: 'domain.originForm.protocolHttps', message: 'HTTPS' }),
    follow: msg({ id: 'domain.originForm.protocolFollow', message: 'Follow request' }),
  },
  carrier: {
    default: msg({ id: 'domain.originForm.carrierDefault', message: 'Default' }),
    telecom: msg({ id: 'domain.originForm.carrierTelecom', message: 'China Telecom' }),
    unicom: msg({ id: 'domain.originForm.carrierUnicom', message: 'China Unicom' }),
    mobile: msg({ id: 'domain.originForm.carrierMobile', message: 'China Mobile' }),
  },
  ipType: {
    all: msg({ id: 'domain.originForm.ipTypeAll', message: 'All' }),
    ipv4: msg({ id: 'domain.originForm.ipTypeV4', message: 'IPv4' }),
    ipv6: msg({ id: 'domain.originForm.ipTypeV6', message: 'IPv6' }),
  },
  region: {
    all: msg({ id: 'domain.originForm.regionAll', message: 'All regions' }),
    inside: msg({ id: 'domain.originForm.regionInside', message: 'Inside China Mainland' }),
    outside: msg({ id: 'domain.originForm.regionOutside', message: 'Outside China Mainland' }),
  },
};
