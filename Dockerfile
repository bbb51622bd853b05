# MedMirror with the embedded model, the clinical toolbox and the MCP server:
#   docker build -t medmirror .
#   docker run --rm -v medmirror-data:/data medmirror solve -q "What is the patient's BMI?" --note - < note.txt
#   docker run --rm -p 8000:8000 -e MEDMIRROR_MCP_TOKEN=... medmirror mcp --http --host 0.0.0.0 --port 8000
# llama-cpp-python is built from source here; a native (-march=native) build crashed at the first decode on
# the CPUs it was tried on, so the portable build is forced (as the Makefile does).
FROM python:3.11-slim

ENV CMAKE_ARGS="-DGGML_NATIVE=OFF" \
    PIP_NO_CACHE_DIR=1 \
    PYTHONUNBUFFERED=1 \
    MEDMIRROR_DATA_DIR=/data

RUN apt-get update \
    && apt-get install -y --no-install-recommends build-essential cmake \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /src
COPY pyproject.toml setup.py README.md ./
COPY app ./app
COPY graphs ./graphs
COPY nodes ./nodes
COPY tools ./tools
COPY memory ./memory
COPY prompts ./prompts
RUN pip install ".[local,toolbox,mcp]"

# checkpoints and the experience store hold patients' notes: a volume owned by an unprivileged user
RUN useradd --create-home medmirror && mkdir -p /data && chown medmirror /data
USER medmirror
VOLUME /data
ENTRYPOINT ["medmirror"]
CMD ["--help"]
