import OpenAI from 'openai';
import type { LlmSettings } from './settings';

/**
 * The model names the configured endpoint lists (GET {LLM_BASE_URL}/models), for `llm check` to name the right
 * one when the configured model is unknown. Undefined when the endpoint lists none or cannot be asked.
 */
export async function listModels(settings: Pick<LlmSettings, 'baseUrl' | 'apiKey'>, timeoutMs = 10_000): Promise<string[] | undefined> {
  if (!settings.baseUrl) return undefined;
  const client = new OpenAI({
    baseURL: settings.baseUrl,
    apiKey: settings.apiKey ?? 'not-needed',
    maxRetries: 0,
    timeout: timeoutMs,
    logLevel: 'off',
  });
  try {
    const ids: string[] = [];
    for await (const model of client.models.list()) {
      ids.push(model.id);
      if (ids.length >= 200) break;
    }
    return ids;
  } catch {
    return undefined;
  }
}
