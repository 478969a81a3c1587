// Prompt tokens counted with a real BPE tokenizer (gpt-tokenizer, o200k_base: the encoding of the
// GPT-4o and later OpenAI models), chat framing included. Other models' tokenizers differ by some
// percent; the estimate says which encoding it used. Loaded on first use: the ranks are large.
export const TOKEN_ENCODING = 'o200k_base';

export interface ChatText {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

interface Counter {
  chat(messages: ChatText[]): number;
  text(text: string): number;
}
let counter: Promise<Counter> | undefined;

function loadCounter(): Promise<Counter> {
  counter ??= import('gpt-tokenizer/encoding/o200k_base').then((loaded) => {
    // Bundled as CommonJS beside the main bundle: the named export may sit on `default`.
    const tokenizer = ('countTokens' in loaded && typeof loaded.countTokens === 'function' ? loaded : (loaded as unknown as { default: typeof loaded }).default) as typeof loaded;
    // The chat framing of the GPT-4o family (same encoding for its successors).
    return { chat: (messages: ChatText[]) => tokenizer.encodeChat(messages, 'gpt-4o').length, text: (text: string) => tokenizer.countTokens(text) };
  });
  return counter;
}

/** Tokens of a chat request's messages, plus any extra text it carries (a response_format schema). */
export async function countPromptTokens(messages: ChatText[], extra = ''): Promise<number> {
  const count = await loadCounter();
  return count.chat(messages) + (extra ? count.text(extra) : 0);
}

/** Tokens of a text alone, no chat framing (a part of a message, for the dry run's breakdown). */
export async function countTextTokens(text: string): Promise<number> {
  return text ? (await loadCounter()).text(text) : 0;
}
