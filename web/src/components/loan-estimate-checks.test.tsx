import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoanEstimateChecks } from './loan-estimate-checks';

describe('LoanEstimateChecks', () => {
  it('names the figures that disagree, in words, before those that agree', () => {
    render(
      <LoanEstimateChecks
        checks={[
          { name: 'section A', agrees: true, fields: ['lines'], message: "Section A's lines add up to $1,802, which agrees with its total $1,802." },
          {
            name: 'monthly payment',
            agrees: false,
            fields: ['loanAmount'],
            message: '$16,200 at 3.875% over 360 months is $76.18 a month; the form says $761.78.',
          },
        ]}
      />,
    );
    expect(screen.getByText(/These figures disagree with each other/)).toBeInTheDocument();
    expect(screen.getByText('Disagree')).toBeInTheDocument();
    expect(screen.getByText(/the form says \$761\.78/)).toBeInTheDocument();
    expect(screen.getByText('1 check agrees')).toBeInTheDocument();
  });

  it('says when everything agrees, and shows nothing without checks', () => {
    const { container, rerender } = render(
      <LoanEstimateChecks checks={[{ name: 'points', agrees: true, fields: ['points'], message: '0.25% of $162,000 is $405.' }]} />,
    );
    expect(screen.getByText(/Every figure we could compare agrees/)).toBeInTheDocument();
    rerender(<LoanEstimateChecks checks={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
