CREATE TABLE "ai_passage_terms" (
	"lexeme" text NOT NULL,
	"passage_key" text NOT NULL,
	"weight" real NOT NULL,
	CONSTRAINT "ai_passage_terms_lexeme_passage_key_pk" PRIMARY KEY("lexeme","passage_key")
);
--> statement-breakpoint
DROP INDEX "ai_passages_search_idx";