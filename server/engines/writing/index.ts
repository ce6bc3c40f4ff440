// The writing engine (no database): outline templates and editing, references and GB/T 7714, the citation
// check, context assembly, prompts, generation through the model gateway, and the .docx builder.
export * from './citations';
export * from './context';
export * from './docx';
export * from './generate';
export * from './outline';
export * from './prompts';
export * from './references';
export * from './templates';
export * from './types';
