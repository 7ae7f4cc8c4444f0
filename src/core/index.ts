export type {
  SideEffect,
  JsonSchema,
  JsonSchemaProperty,
  Tool,
  ToolResult,
  ToolErrorCode,
  FunctionSchema,
  InvokeCtx,
  ConfirmationTicket,
} from './tool';
export { ToolRegistry, type RegistrySettings } from './registry';
export {
  MemoryConfirmationStore,
  payloadDigest,
  canonicalJson,
  type ConfirmationStore,
  type ConfirmationRecord,
  type StoredCtx,
} from './confirmations';
export { toWireName, fromWireName, isLegalToolName, whyIllegalName, MAX_WIRE_NAME_LENGTH } from './wire-names';
export { runPlan, type AgentPlan, type AgentStep, type PlanRunResult, type PlanContext, type StepOutcome } from './plan';
export { TRUNCATION_MARKER } from './results';
