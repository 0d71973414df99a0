/** DI token for the parsed processing configuration. */
export const PROCESSING_CONFIG = Symbol('processing.config');

/** DI token for the chat model (a `ChatModel`), or null when no LLM endpoint is configured. */
export const CHAT_MODEL = Symbol('processing.chatModel');
