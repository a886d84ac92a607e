/**
 * The floor of bench:web (issue 10): the smallest React 19 page that asks a question with three answers
 * and shows the next question on a tap. Built and served the way the funnel is (Vite, precompressed
 * files); everything the funnel adds is measured against it.
 */
import { useState } from 'react';
import { createRoot } from 'react-dom/client';

const QUESTIONS = ['What kind of accident were you in?', 'Were you injured?', 'Who caused the accident?'];

function Page() {
  const [asked, setAsked] = useState(0);
  return (
    <main>
      <section data-step={`q${asked}`} key={asked}>
        <h1>{QUESTIONS[asked % QUESTIONS.length]}</h1>
        {['a', 'b', 'c'].map((option) => (
          <button key={option} type="button" data-option={option} onClick={() => setAsked((n) => n + 1)}>
            Answer {option.toUpperCase()}
          </button>
        ))}
      </section>
    </main>
  );
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<Page />);
