import { ArrowLeft } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from './button';

type BackButtonProps = {
  fallback?: string;
  label?: string;
  /** Goes back within the page (a previous step) instead of in history. */
  onBack?: () => void;
};

/** Goes back in history when there is somewhere to go back to, else to `fallback`. */
export function BackButton({ fallback = '/', label = 'Back', onBack }: BackButtonProps) {
  const navigate = useNavigate();
  return (
    <Button
      variant="secondary"
      onClick={() => {
        if (onBack) {
          onBack();
          return;
        }
        // React Router numbers its history entries; 0 means the visitor landed here directly.
        const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
        if (index > 0) navigate(-1);
        else navigate(fallback);
      }}
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {label}
    </Button>
  );
}
