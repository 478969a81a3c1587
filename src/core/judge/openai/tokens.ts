// Prompt tokens counted with a real BPE tokenizer (gpt-tokenizer, o200k_base: the encoding of the
// GPT-4o and later OpenAI models), chat framing included. Other models' tokenizers differ by some
// percent; the estimate says which encoding it used. Loaded on first use: the ranks are large.
export const TOKEN_ENCODING = 'o200k_base';

export interface ChatText {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

type Counter = (input: ChatText[] | string) => number;
let counter: Promise<Counter> | undefined;

function loadCounter(): Promise<Counter> {
  counter ??= import('gpt-tokenizer/encoding/o200k_base').then((tokenizer) => (input: ChatText[] | string) => tokenizer.countTokens(input));
  return counter;
}

/** Tokens of a chat request's messages, plus any extra text it carries (a response_format schema). */
export async function countPromptTokens(messages: ChatText[], extra = ''): Promise<number> {
  const count = await loadCounter();
  return count(messages) + (extra ? count(extra) : 0);
}
