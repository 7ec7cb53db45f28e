export { parseSignInQuery } from './sign-in-query';
export type { SignInQuery } from './sign-in-query';
export { activationMachine } from './activation.machine';
export type {
  ActivationInput,
  ActivationContext,
  ActivationEvent,
  ApplyForServiceResult,
} from './activation.machine';
export { accountSwitchMachine } from './account-switch.machine';
export type { AccountSwitchContext, AccountSwitchEvent } from './account-switch.machine';
export {
  copyConfigMachine,
  checkTargets,
  checkRetryTargets,
  contentsOf,
  sectionContentChoices,
} from './copy-config.machine';
export type {
  CopyBasic,
  CopyConfigContext,
  CopyConfigEvent,
  CopyConfigInput,
  CopyOriginDraft,
  CopyRequest,
  CopySource,
  CopySourceConfig,
  CopyStep,
  SectionContentChoice,
  CopyTarget,
  CopyTargetProblem,
  CopyTargetResult,
  QueuedTarget,
} from './copy-config.machine';
export { domainLifecycleMachine } from './domain-lifecycle.machine';
export type {
  LifecycleAction,
  LifecycleContext,
  LifecycleDomain,
  LifecycleEvent,
  LifecycleRequest,
} from './domain-lifecycle.machine';
export { certAssociationMachine, coveredDomains } from './cert-association.machine';
export type {
  AssociationCert,
  AssociationDomain,
  AssociationProblem,
  CertAssociationContext,
  CertAssociationEvent,
  CertAssociationInput,
} from './cert-association.machine';
