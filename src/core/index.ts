export type {
  SideEffect,
  JsonSchema,
  JsonSchemaProperty,
  Tool,
  ToolResult,
  ToolSuccess,
  ToolFailure,
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
export { TRUNCATION_MARKER, fail } from './results';
export { cardStateOf, cardStateOfResult, isUnsettled, lifecycle, outcomeOf, phaseOf, type CardState, type ConfirmPhase, type DeliveryOutcome } from './confirm-lifecycle';
export { TOOL_ERROR_CODES, isToolErrorCode } from './tool-errors';
export type {
  ChatModel,
  ChatMessage,
  SystemMessage,
  UserMessage,
  AssistantMessage,
  ToolMessage,
  ToolCall,
  ModelEvent,
  ModelRequest,
  WireEvent,
  FinishReason,
  TokenUsage,
} from './chat-model';
export { ModelError, modelErrorKindForStatus, toModelError, type ModelErrorKind, type ModelErrorOptions } from './model-error';
export { runAgentTurn, DEFAULT_MAX_STEPS } from './agent-loop';
export type {
  AgentEvent,
  AgentTurnOptions,
  AgentTurnResult,
  TurnOutcome,
  TurnError,
  Draft,
  ForbiddenGrade,
  RetryOptions,
} from './agent-events';
export { systemPrompt, DRAFT_TOOL, type SystemPromptOptions } from './system-prompt';
export { fenceToolResult } from './fence';
export { budgetMessages, DEFAULT_BUDGET, SUPERSEDED_MARKER, EXPIRED_MARKER, earlierMarker, type BudgetOptions } from './context-budget';
export { refusesTools, contextMessage, createContextModel, type ContextRead } from './context-mode';
export { draftFromAnswer } from './draft-text';
export { citableArticles, checkCitations, MAX_SOURCES, ticketSourceId, type Citable, type Citations, type CitedTicket, type DraftSource } from './citations';
export { withInstructions, MAX_TEAM_INSTRUCTIONS, MAX_TICKET_CONTEXT, type AgentInstructions } from './instructions';
export { QUICK_ACTIONS, REWRITES, quickActionPrompt, type QuickAction } from './quick-actions';
export { traceFacts, rawResult, MAX_RAW_CHARS, type TraceFacts } from './trace-facts';
