"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { ActionErrorAlert } from "@/app/_components/action-error";
import { useServerAction } from "@/app/_components/use-server-action";
import type { RunQuestion } from "@/lib/data/runs/types";
import { answerRunAction } from "../actions";

/** A waiting run's questions, each with a way to answer: its choices as buttons, else free text. */
type Props = {
  runId: string;
  questions: RunQuestion[];
  canAnswer: boolean;
  /** After an answer (default: render the page again, which follows the run from where it paused). */
  onAnswered?: () => void;
};

export function RunQuestions({ runId, questions, canAnswer, onAnswered }: Props) {
  if (questions.length === 0) return null;
  return (
    <section className="run-questions" aria-label="Questions waiting for an answer">
      {questions.map((question) => (
        <QuestionForm key={question.nodeId} runId={runId} question={question} canAnswer={canAnswer} onAnswered={onAnswered} />
      ))}
    </section>
  );
}

/** A waiting run's questions, loaded in the browser (the editor's run panel). */
export function WaitingRunQuestions({ runId, onAnswered }: { runId: string; onAnswered: () => void }) {
  const [questions, setQuestions] = useState<RunQuestion[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    fetch(`/api/runs/${encodeURIComponent(runId)}/answer`, { signal: controller.signal })
      .then(async (response) => (response.ok ? setQuestions(((await response.json()) as { questions: RunQuestion[] }).questions) : undefined))
      .catch(() => undefined);
    return () => controller.abort();
  }, [runId]);
  return <RunQuestions runId={runId} questions={questions} canAnswer onAnswered={onAnswered} />;
}

function QuestionForm({ runId, question, canAnswer, onAnswered }: Omit<Props, "questions"> & { question: RunQuestion }) {
  const router = useRouter();
  const [text, setText] = useState("");
  const { run, pending, error } = useServerAction();
  const answer = (value: string) => run(() => answerRunAction({ runId, nodeId: question.nodeId, answer: value }), () => (onAnswered ? onAnswered() : router.refresh()));

  return (
    <div className="run-question" role="group" aria-label="Question">
      <strong>The run asks:</strong>
      <p>{question.question}</p>
      {!canAnswer ? (
        <p className="muted">An editor of this team can answer.</p>
      ) : question.choices ? (
        <form onSubmit={(event) => event.preventDefault()}>
          {question.choices.map((choice) => (
            <button key={choice} type="button" className="button" disabled={pending} onClick={() => answer(choice)}>
              {choice}
            </button>
          ))}
        </form>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (text.trim()) answer(text);
          }}
        >
          <textarea aria-label="Answer" value={text} onChange={(event) => setText(event.target.value)} maxLength={10_000} placeholder="Your answer" />
          <button type="submit" className="button primary" disabled={pending || !text.trim()}>
            Answer
          </button>
        </form>
      )}
      <ActionErrorAlert error={error} />
    </div>
  );
}
