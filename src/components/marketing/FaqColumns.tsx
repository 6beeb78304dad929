import type { Faq } from '@/content/types';

/** Questions and answers in two columns (one on small screens), each answer under its question. */
export function FaqColumns({ faqs }: { faqs: readonly Faq[] }) {
  const half = Math.ceil(faqs.length / 2);
  const columns = [faqs.slice(0, half), faqs.slice(half)];
  return (
    <div className="grid gap-8 md:grid-cols-2">
      {columns.map((column, index) => (
        <dl key={index} className="space-y-6">
          {column.map((faq) => (
            <div key={faq.question}>
              <dt className="font-semibold text-brand-ink">{faq.question}</dt>
              <dd className="mt-2 text-muted-foreground">{faq.answer}</dd>
            </div>
          ))}
        </dl>
      ))}
    </div>
  );
}
