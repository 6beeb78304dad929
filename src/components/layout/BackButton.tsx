import { ArrowLeft } from 'lucide-react';
import { useNavigate } from 'react-router-dom';

/** Goes back in the site's history, or home when the visitor arrived directly on this page. */
export function BackButton() {
  const navigate = useNavigate();
  const goBack = () => {
    const historyIndex = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (historyIndex > 0) void navigate(-1);
    else void navigate('/');
  };
  return (
    <button
      type="button"
      onClick={goBack}
      className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-foreground hover:bg-accent"
    >
      <ArrowLeft aria-hidden className="h-5 w-5" />
      <span className="sr-only">Back</span>
    </button>
  );
}
