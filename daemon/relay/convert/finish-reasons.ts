// Why an answer ended, in each protocol (reference §6.1). OpenAI cannot say which stop sequence matched, so its
// `stop` becomes end_turn; Claude's pause_turn (a server tool paused the turn) reads as a normal stop.
export type OpenaiFinish = 'stop' | 'length' | 'tool_calls' | 'content_filter';
export type ClaudeStop = 'end_turn' | 'max_tokens' | 'stop_sequence' | 'tool_use' | 'refusal' | 'pause_turn';

export function claudeStopToOpenai(reason: unknown): OpenaiFinish {
  switch (reason) {
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'tool_use':
      return 'tool_calls';
    case 'refusal':
      return 'content_filter';
    default:
      return 'stop'; // end_turn, stop_sequence, pause_turn
  }
}

export function openaiFinishToClaude(reason: unknown): ClaudeStop {
  switch (reason) {
    case 'length':
      return 'max_tokens';
    case 'tool_calls':
    case 'function_call':
      return 'tool_use';
    case 'content_filter':
      return 'refusal';
    default:
      return 'end_turn'; // stop, or none given
  }
}
