export { ANY_DEFINITION, definitionHash, standingOf, suggestedGrade, type McpAnnotations, type McpChoice, type McpDecision, type McpGrade, type McpToolDefinition, type McpToolStanding } from './grades';
export { mcpToolName, type McpNameCheck } from './names';
