/**
 * The example flows every new team starts with, and the templates of "New flow".
 * They use `mock:` models so they run with no API key.
 */
export type FlowTemplate = { id: string; name: string; description: string; document: string };

const blank: FlowTemplate = {
  id: "blank",
  name: "Untitled flow",
  description: "One agent, ready to be extended.",
  document: `name: Untitled flow
agents:
  assistant:
    model: mock:echo
    instructions: You are a helpful assistant.
swarm:
  type: workflow
  flow: assistant
`,
};

const researchWriteReview: FlowTemplate = {
  id: "research-write-review",
  name: "Research, write, review",
  description: "A three-agent workflow: each agent's output is the next one's input.",
  document: `name: Research, write, review
vars:
  default_model: mock:echo?latency=700
agents:
  researcher:
    model: \${vars.default_model}
    instructions: Collect the key facts about the topic you are given.
  writer:
    model: \${vars.default_model}
    instructions: Write a short, clear article from the research notes.
  reviewer:
    model: \${vars.default_model}
    instructions: Review the article and return an improved version.
swarm:
  type: workflow
  flow: researcher >> writer >> reviewer
`,
};

const articlePipeline: FlowTemplate = {
  id: "article-pipeline",
  name: "Article pipeline",
  description: "Parallel research, then serial editing, inside a nested swarm.",
  document: `name: Article pipeline
vars:
  default_model: mock:echo?latency=600
agents:
  intro:
    model: \${vars.default_model}
    instructions: Restate the user's request as a precise brief.
  history_researcher:
    model: \${vars.default_model}
    instructions: Research the history of the topic.
  science_researcher:
    model: 'mock:tool?name=calculator&args={"expression":"299792458 / 1000"}&latency=500'
    instructions: Research the science of the topic; compute figures with the calculator.
    tools: [calculator]
  drafter:
    model: \${vars.default_model}
    instructions: Draft an article from both research notes.
  editor:
    model: \${vars.default_model}
    instructions: Edit the draft for clarity and length.
    max_steps: 5
    temperature: 0.2
groups:
  research:
    type: parallel
    agents: [history_researcher, science_researcher]
  editing:
    type: serial
    agents: [drafter, editor]
swarms:
  article:
    type: workflow
    flow: research >> editing
swarm:
  type: workflow
  flow: intro >> article
`,
};

const supportTriage: FlowTemplate = {
  id: "support-triage",
  name: "Support triage",
  description: "A handoff swarm: the triage agent passes the conversation to a specialist.",
  document: `name: Support triage
agents:
  triage:
    model: mock:reply?text=billing&latency=500
    instructions: >-
      Decide who should answer. Reply with exactly one name: billing or technical.
    handoffs: [billing, technical]
  billing:
    model: mock:echo?latency=700
    instructions: Answer questions about invoices, refunds and plans.
  technical:
    model: mock:echo?latency=700
    instructions: Answer questions about errors, setup and integrations.
swarm:
  type: handoff
  flow: triage >> billing >> technical
  max_handoffs: 3
`,
};

const askBeforePublishing: FlowTemplate = {
  id: "ask-before-publishing",
  name: "Ask before publishing",
  description: "A writer drafts, then the run waits for a person on the team to approve before the editor finishes.",
  document: `name: Ask before publishing
agents:
  writer:
    model: mock:echo?latency=500
    instructions: Draft a short announcement from the brief.
  approver:
    model: 'mock:tool?name=ask_human&args={"question":"Publish this draft?","choices":["yes","no"]}&latency=300'
    instructions: Ask the team whether to publish the draft, with ask_human.
    tools: [ask_human]
  editor:
    model: mock:echo?latency=500
    instructions: Publish the approved draft, or explain why it was held back.
swarm:
  type: workflow
  flow: writer >> approver >> editor
`,
};

export const flowTemplates: readonly FlowTemplate[] = [blank, researchWriteReview, articlePipeline, supportTriage, askBeforePublishing];

export const demoFlows: readonly FlowTemplate[] = [researchWriteReview, articlePipeline, supportTriage];

export function getFlowTemplate(id: string): FlowTemplate | undefined {
  return flowTemplates.find((template) => template.id === id);
}
