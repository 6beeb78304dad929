import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { isGatedPath, isStartTrainingControl } from './startTrainingControl';

/** Set while a click the gate let through is dispatched again, so that it is not held twice. */
let releasing = false;

/**
 * Applies the start-training gate to every click on the page, before the control's own handlers.
 * Only the cheap check ships with every page: a matching click is held, the decision's code loaded,
 * and the click then redirected or released.
 */
export function useStartTrainingGate(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const { target } = event;
      if (releasing || !isGatedPath(window.location.pathname)) return;
      if (!isStartTrainingControl(target)) return;
      event.preventDefault();
      event.stopPropagation();
      const release = () => {
        releasing = true;
        target?.dispatchEvent(new MouseEvent('click', event));
        releasing = false;
      };
      void import('./startTrainingGate').then(
        ({ settleHeldClick }) => settleHeldClick(target, (href) => void navigate(href), release),
        // Without the decision (its code failed to load) the control keeps its own behaviour.
        release,
      );
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [navigate]);
}
